// Sends a body far past a server's limit, in chunks (no Content-Length, so the server must count), and
// reports how much the server let through before it answered or dropped the connection. A server that
// reads to the end lets everything through; one that stops at its limit lets through about the limit plus
// what the sockets buffer.
import { request } from 'node:http';

interface OversizedOutcome {
  bytesSent: number;
  status: number | null;
  /** The answer's Connection header (null without an answer). */
  connection: string | null;
  /** True when the whole body went through: the server read it all. */
  sentAll: boolean;
}

export function sendOversizedBody(url: string, headers: Record<string, string>, totalBytes = 64 * 1024 * 1024): Promise<OversizedOutcome> {
  return new Promise((resolve) => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let bytesSent = 0;
    let done = false;
    let connection: string | null = null;
    const finish = (status: number | null, sentAll = false) => {
      if (done) return;
      done = true;
      req.destroy();
      resolve({ bytesSent, status, connection, sentAll });
    };
    // The answer alone proves nothing (a server may answer 413 and still read everything): keep sending
    // until the server drops the connection or takes it all.
    let status: number | null = null;
    const req = request(url, { method: 'POST', headers: { ...headers, 'Transfer-Encoding': 'chunked' } }, (res) => {
      status = res.statusCode ?? null;
      connection = typeof res.headers.connection === 'string' ? res.headers.connection : null;
      res.resume();
    });
    req.on('error', () => finish(status));
    req.on('close', () => finish(status));
    const pump = () => {
      while (!done && bytesSent < totalBytes) {
        bytesSent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!done) req.end(() => finish(status, true));
    };
    pump();
  });
}
