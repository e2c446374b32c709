// Browser mode's events: Server-Sent Events read with fetch (EventSource cannot send the page key header),
// reconnecting with a growing pause when the stream drops. On reconnect the host replays the latest state
// events, so nothing needs re-asking.
import { EventEnvelope } from '../../shared/ipc/wire';

interface EventStreamOptions {
  url: string;
  headers: () => Record<string, string>;
  onEvent: (event: string, payload: unknown) => void;
  /** Told when the stream is refused (401: the page key is gone); no reconnect then. */
  onRefused?: (status: number) => void;
  fetch?: typeof fetch;
}

export function openEventStream(options: EventStreamOptions): { close(): void } {
  const doFetch = options.fetch ?? fetch.bind(globalThis);
  let closed = false;
  let controller: AbortController | null = null;
  let retryMs = 500;

  async function run(): Promise<void> {
    while (!closed) {
      controller = new AbortController();
      try {
        const response = await doFetch(options.url, { headers: options.headers(), signal: controller.signal, cache: 'no-store' });
        if (response.status === 401 || response.status === 403) {
          options.onRefused?.(response.status);
          return;
        }
        if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
        retryMs = 500;
        await readFrames(response.body, options.onEvent);
      } catch {
        // dropped or refused to connect: try again below
      }
      if (closed) return;
      await new Promise((resolve) => setTimeout(resolve, retryMs));
      retryMs = Math.min(retryMs * 2, 10_000);
    }
  }
  void run();

  return {
    close() {
      closed = true;
      controller?.abort();
    },
  };
}

async function readFrames(body: ReadableStream<Uint8Array>, onEvent: (event: string, payload: unknown) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = frame.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n');
      if (!data) continue;
      try {
        const envelope = EventEnvelope.parse(JSON.parse(data));
        onEvent(envelope.event, envelope.payload);
      } catch {
        // a frame we cannot read is skipped, not fatal
      }
    }
  }
}
