// The renderer never sees a token: not in what the host sends it (responses, headers, the event stream),
// not in its storage or cookies, not in its DOM, not anywhere in its JavaScript heap. The tokens looked for
// are the exact strings the platform issued to the app (recorded from the app's own HTTP client).
import type { CDPSession } from '@playwright/test';
import { test, expect } from './fixtures/app';
import { connectDemoSchool } from './fixtures/app-actions';

test('a token never appears in the page: network, event stream, storage, cookies, DOM or JS heap', async ({ page, context, sandbox, tokens, hostLog }) => {
  const received: string[] = [];
  const bodies: Promise<void>[] = [];
  page.on('response', (response) => {
    received.push(`${response.url()}\n${JSON.stringify(response.headers())}`);
    const type = response.headers()['content-type'] ?? '';
    if (type.includes('text/event-stream')) return; // read through CDP below: its body never ends
    bodies.push(
      response
        .text()
        .then((text) => void received.push(text))
        .catch(() => undefined), // a navigation can discard a body before it is read; the heap check still covers it
    );
  });
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // The host's event stream is read with fetch (it needs a header EventSource cannot send), so its frames
  // come through CDP's response streaming: the buffered start, then every chunk as it arrives.
  const streams = new Set<string>();
  cdp.on('Network.responseReceived', (event) => {
    if (!(event.response.headers['content-type'] ?? event.response.headers['Content-Type'] ?? '').includes('text/event-stream')) return;
    streams.add(event.requestId);
    cdp
      .send('Network.streamResourceContent', { requestId: event.requestId })
      .then(({ bufferedData }) => void received.push(Buffer.from(bufferedData, 'base64').toString('utf8')))
      .catch(() => undefined); // the stream ended (page reloaded) before it could be followed
  });
  cdp.on('Network.dataReceived', (event) => {
    if (streams.has(event.requestId) && event.data) received.push(Buffer.from(event.data, 'base64').toString('utf8'));
  });

  await connectDemoSchool(page, sandbox.platform.schools[0]!.name);
  // Use the session: a dashboard makes the main process call the platform with the token.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/#\/orders/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await Promise.all(bodies);

  const issued = tokens.issued();
  expect(issued.length, 'the platform issued tokens to the app').toBeGreaterThanOrEqual(2);
  // The event stream really was observed (else "no token in it" proves nothing).
  expect(received.some((text) => text.includes('"accounts.changed"') && text.includes(sandbox.platform.admin.name))).toBe(true);

  const storage = await page.evaluate(() => ({
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
    cookie: document.cookie,
    dom: document.documentElement.outerHTML,
  }));
  const cookies = JSON.stringify(await context.cookies());
  const heap = await heapSnapshot(cdp);
  expect(heap.length).toBeGreaterThan(100_000);

  const places: Record<string, string> = {
    'network and event stream': received.join('\n'),
    localStorage: storage.local,
    sessionStorage: storage.session,
    'document.cookie': storage.cookie,
    'cookie jar': cookies,
    DOM: storage.dom,
    'JS heap': heap,
    'browser host log': hostLog.join('\n'),
  };
  for (const token of issued) {
    for (const [place, text] of Object.entries(places)) {
      expect(text.includes(token), `a token issued by the platform appears in: ${place}`).toBe(false);
    }
  }
  // The heap does hold what the page legitimately shows (so the search would have found a token there).
  expect(heap).toContain(sandbox.platform.admin.name);
});

async function heapSnapshot(cdp: CDPSession): Promise<string> {
  const chunks: string[] = [];
  const onChunk = (event: { chunk: string }) => void chunks.push(event.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  return chunks.join('');
}
