// Server-Sent Events to the open pages. A page that (re)connects first gets the latest value of each
// state-like event, so a tab that missed events while disconnected catches up without asking. That holds for a
// school's data.invalidated too (the latest per school): a page that loads while a sync finishes may have read
// the older copy before its stream was attached, and without the replay it would keep that answer.
import type { ServerResponse } from 'node:http';
import type { EventName } from '../../shared/ipc';

const REPLAYED: ReadonlySet<EventName> = new Set<EventName>(['accounts.changed', 'app.statusChanged', 'settings.changed', 'updates.changed']);
/** Replayed per school: the latest of each school's. */
const REPLAYED_PER_ACCOUNT: ReadonlySet<EventName> = new Set<EventName>(['data.invalidated']);
const HEARTBEAT_MS = 15_000;

export class EventStreams {
  private readonly clients = new Map<ServerResponse, string>(); // → browser session id
  private readonly latest = new Map<string, { event: EventName; payload: unknown }>();
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
    for (const { event, payload } of this.latest.values()) response.write(frame(event, payload));
    this.clients.set(response, sessionId);
    response.on('close', () => this.clients.delete(response));
  }

  publish(event: EventName, payload: unknown): void {
    const key = replayKey(event, payload);
    if (key !== null) this.latest.set(key, { event, payload });
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

function replayKey(event: EventName, payload: unknown): string | null {
  if (REPLAYED.has(event)) return event;
  const accountId = (payload as { accountId?: unknown } | null)?.accountId;
  return REPLAYED_PER_ACCOUNT.has(event) && typeof accountId === 'string' ? `${event}:${accountId}` : null;
}

function frame(event: string, payload: unknown): string {
  return `data: ${JSON.stringify({ event, payload })}\n\n`;
}
