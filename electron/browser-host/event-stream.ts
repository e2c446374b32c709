// Server-Sent Events to the open pages. A page that (re)connects first gets the latest value of each
// state-like event, so a tab that missed events while disconnected catches up without asking.
import type { ServerResponse } from 'node:http';
import type { EventName } from '../../shared/ipc';

const REPLAYED: ReadonlySet<EventName> = new Set<EventName>(['accounts.changed', 'app.statusChanged', 'settings.changed', 'updates.changed']);
const HEARTBEAT_MS = 15_000;

export class EventStreams {
  private readonly clients = new Map<ServerResponse, string>(); // → browser session id
  private readonly latest = new Map<string, unknown>();
  private readonly heartbeat: ReturnType<typeof setInterval>;

  constructor() {
    this.heartbeat = setInterval(() => this.writeAll(': keep-alive\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  attach(response: ServerResponse, sessionId: string): void {
    response.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    response.write('retry: 1000\n\n');
    for (const [event, payload] of this.latest) response.write(frame(event, payload));
    this.clients.set(response, sessionId);
    response.on('close', () => this.clients.delete(response));
  }

  publish(event: EventName, payload: unknown): void {
    if (REPLAYED.has(event)) this.latest.set(event, payload);
    this.writeAll(frame(event, payload));
  }

  /** A browser session ended: its pages stop hearing anything at once. */
  closeSession(sessionId: string): void {
    for (const [client, owner] of [...this.clients]) {
      if (owner !== sessionId) continue;
      this.clients.delete(client);
      client.end();
    }
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const client of this.clients.keys()) client.end();
    this.clients.clear();
  }

  private writeAll(chunk: string): void {
    for (const client of this.clients.keys()) client.write(chunk);
  }
}

function frame(event: string, payload: unknown): string {
  return `data: ${JSON.stringify({ event, payload })}\n\n`;
}
