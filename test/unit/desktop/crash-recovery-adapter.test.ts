// The adapter that applies the crash-recovery decision, against a stand-in window (tests may not import
// 'electron'; the adapter imports only its types).
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { recoverFromRendererCrashes } from '../../../electron/adapters/crash-recovery';
import { memoryLogger } from '../../../electron/services/log';

const ORIGIN = 'app://school-companion';
const ENTRY = `${ORIGIN}/index.html`;
type Window = Parameters<typeof recoverFromRendererCrashes>[0];

class FakeContents extends EventEmitter {
  url = ENTRY;
  loaded: string[] = [];
  getURL() {
    return this.url;
  }
  async loadURL(url: string) {
    this.loaded.push(url);
    this.url = url;
  }
}

function setup() {
  const contents = new FakeContents();
  const calls: string[] = [];
  const logger = memoryLogger();
  recoverFromRendererCrashes({ webContents: contents, isDestroyed: () => false } as unknown as Window, {
    entryUrl: ENTRY,
    appOrigin: ORIGIN,
    logFolder: '/logs',
    logger,
    appName: 'School Companion',
    openFolder: (path) => calls.push(`open ${path}`),
    quit: () => calls.push('quit'),
  });
  return { contents, calls, logger };
}

const navigation = (url: string) => ({ url, prevented: false, preventDefault() { this.prevented = true; } });

describe('crash recovery in the window', () => {
  it('reloads the route that was open after a first crash, shows the recovery page after a second, and logs both', () => {
    const { contents, logger } = setup();
    contents.emit('did-navigate', {}, ENTRY);
    contents.emit('did-navigate-in-page', {}, `${ENTRY}#/orders`);
    contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 11 });
    expect(contents.loaded).toEqual([`${ENTRY}?reloaded=after-crash#/orders`]);
    contents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 0 });
    expect(contents.loaded[1]).toMatch(/^data:text\/html;charset=utf-8;base64,/);
    expect(logger.lines.filter((line) => line.includes('the window stopped unexpectedly'))).toHaveLength(2);
  });

  it('a window closing normally is left alone', () => {
    const { contents } = setup();
    contents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    expect(contents.loaded).toEqual([]);
  });

  it("the recovery page's links act (Reload starts afresh, Open log folder, Quit), and only on that page", () => {
    const { contents, calls } = setup();
    const early = navigation(`${ORIGIN}/__recovery/quit`);
    contents.emit('will-navigate', early);
    expect(early.prevented).toBe(false);
    expect(calls).toEqual([]);

    contents.emit('render-process-gone', {}, { reason: 'launch-failed', exitCode: 0 });
    const folder = navigation(`${ORIGIN}/__recovery/open-log-folder`);
    contents.emit('will-navigate', folder);
    expect(folder.prevented).toBe(true);
    expect(calls).toEqual(['open /logs']);
    contents.emit('will-navigate', navigation(`${ORIGIN}/__recovery/reload`));
    expect(contents.loaded.at(-1)).toBe(ENTRY);
    // After Reload, the next crash gets its one reload again.
    contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 11 });
    expect(contents.loaded.at(-1)).toBe(`${ENTRY}?reloaded=after-crash`);

    contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 11 });
    contents.emit('will-navigate', navigation(`${ORIGIN}/__recovery/quit`));
    expect(calls).toEqual(['open /logs', 'quit']);
  });
});
