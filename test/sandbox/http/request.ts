// Reading request bodies: bounded (1 MiB), and parsed only in the one format each endpoint accepts, so a
// wrong Content-Type is a clear invalid_request instead of a confusing "missing parameter".
import type { IncomingMessage } from 'node:http';

export const MAX_BODY_BYTES = 1024 * 1024;

/** A request the server refuses with an OAuth-style JSON error (RFC 6749 §5.2 shape). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'HttpError';
  }
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? '0');
  // Past the limit nothing more is read: the server answers 413 and closes the connection (server.ts).
  if (declared > MAX_BODY_BYTES) {
    throw new HttpError(413, 'request_too_large', `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      throw new HttpError(413, 'request_too_large', `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * An application/x-www-form-urlencoded body as single-valued parameters. RFC 6749 §3.1/§3.2: parameters
 * must not repeat, so a repeated one is refused rather than silently picking one of them.
 */
export async function readFormBody(req: IncomingMessage): Promise<Map<string, string>> {
  if (mediaType(req) !== 'application/x-www-form-urlencoded') {
    throw new HttpError(400, 'invalid_request', 'The body must be application/x-www-form-urlencoded.');
  }
  const raw = (await readBody(req)).toString('utf8');
  return singleValued(new URLSearchParams(raw));
}

export function singleValued(params: URLSearchParams): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of params) {
    if (out.has(name)) throw new HttpError(400, 'invalid_request', `The parameter "${name}" is repeated.`);
    out.set(name, value);
  }
  return out;
}

/** A JSON body; `undefined` when the request has none (e.g. POST /publish). */
export async function readJsonBody(req: IncomingMessage, options: { required: boolean }): Promise<unknown> {
  const type = mediaType(req);
  const raw = await readBody(req);
  if (raw.length === 0 && !options.required) return undefined;
  if (type !== 'application/json') {
    throw new HttpError(400, 'invalid_request', 'The body must be application/json.');
  }
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch (cause) {
    throw new HttpError(400, 'invalid_request', 'The body is not valid JSON.', {}, { cause });
  }
}
