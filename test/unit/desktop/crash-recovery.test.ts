import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  CrashHistory,
  REPEAT_CRASH_WINDOW_MS,
  recoveryActionFor,
  recoveryPageHtml,
  recoveryPageUrl,
  reloadUrlAfterCrash,
} from '../../../electron/services/desktop/crash-recovery';
import { describeError, logUnhandledErrors, scrubSecrets } from '../../../electron/services/desktop/process-errors';
import { memoryLogger } from '../../../electron/services/log';

const ORIGIN = 'app://school-companion';
const ENTRY = `${ORIGIN}/index.html`;

describe('crash recovery decision', () => {
  it('reloads after a first crash, shows the recovery page after a second one soon after', () => {
    const history = new CrashHistory();
    expect(history.decide('crashed', 1_000)).toEqual({ action: 'reload' });
    expect(history.decide('oom', 1_000 + 30_000)).toEqual({ action: 'recover', why: 'repeated' });
  });

  it('a crash long after the last one gets its reload again', () => {
    const history = new CrashHistory();
    expect(history.decide('crashed', 0).action).toBe('reload');
    expect(history.decide('killed', REPEAT_CRASH_WINDOW_MS + 1).action).toBe('reload');
    expect(history.decide('abnormal-exit', REPEAT_CRASH_WINDOW_MS + 2).action).toBe('recover');
  });

  it('a clean exit is not a crash and does not count', () => {
    const history = new CrashHistory();
    expect(history.decide('clean-exit', 0)).toEqual({ action: 'ignore' });
    expect(history.decide('crashed', 10).action).toBe('reload');
  });

  it('a renderer that cannot start goes straight to the recovery page', () => {
    expect(new CrashHistory().decide('launch-failed', 0)).toEqual({ action: 'recover', why: 'cannot-start' });
    expect(new CrashHistory().decide('integrity-failure', 0)).toEqual({ action: 'recover', why: 'cannot-start' });
  });

  it('Reload on the recovery page starts afresh', () => {
    const history = new CrashHistory();
    history.decide('crashed', 0);
    history.reset();
    expect(history.decide('crashed', 5).action).toBe('reload');
  });
});

describe('the reload after a crash', () => {
  it('opens the page that was open, marked for the notice', () => {
    expect(reloadUrlAfterCrash(ENTRY, `${ORIGIN}/index.html#/orders?state=paid`, ORIGIN)).toBe(`${ENTRY}?reloaded=after-crash#/orders?state=paid`);
    expect(reloadUrlAfterCrash('http://127.0.0.1:5173/', 'http://127.0.0.1:5173/#/settings', 'http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173/?reloaded=after-crash#/settings');
  });

  it('keeps no route from another origin or an odd hash', () => {
    expect(reloadUrlAfterCrash(ENTRY, 'https://evil.example/#/settings', ORIGIN)).toBe(`${ENTRY}?reloaded=after-crash`);
    expect(reloadUrlAfterCrash(ENTRY, `${ORIGIN}/index.html#javascript:alert(1)`, ORIGIN)).toBe(`${ENTRY}?reloaded=after-crash`);
    expect(reloadUrlAfterCrash(ENTRY, null, ORIGIN)).toBe(`${ENTRY}?reloaded=after-crash`);
  });
});

describe('the recovery page', () => {
  const html = recoveryPageHtml({ appName: 'School Companion', appOrigin: ORIGIN, logFolder: '/home/a<b>/logs' });
  const shown = recoveryPageUrl(html);

  it('is self-contained: no script, a CSP that allows none, its three actions as links, the folder escaped', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("default-src 'none'");
    for (const action of ['reload', 'open-log-folder', 'quit']) expect(html).toContain(`href="${ORIGIN}/__recovery/${action}"`);
    expect(html).toContain('/home/a&#60;b&#62;/logs');
    expect(Buffer.from(shown.split(',')[1]!, 'base64').toString('utf8')).toBe(html);
  });

  it('its links act only while it is shown, and only for our origin', () => {
    expect(recoveryActionFor(`${ORIGIN}/__recovery/reload`, ORIGIN, shown)).toBe('reload');
    expect(recoveryActionFor(`${ORIGIN}/__recovery/open-log-folder`, ORIGIN, shown)).toBe('open-log-folder');
    expect(recoveryActionFor(`${ORIGIN}/__recovery/quit`, ORIGIN, shown)).toBe('quit');
    expect(recoveryActionFor(`${ORIGIN}/__recovery/quit`, ORIGIN, `${ENTRY}#/settings`)).toBeNull();
    expect(recoveryActionFor('https://evil.example/__recovery/quit', ORIGIN, shown)).toBeNull();
    expect(recoveryActionFor(`${ORIGIN}/__recovery/format-disk`, ORIGIN, shown)).toBeNull();
  });
});

describe('unhandled errors in the main process', () => {
  it('are logged, both kinds, with the message but no credential in it', () => {
    const emitter = new EventEmitter();
    const logger = memoryLogger();
    logUnhandledErrors(emitter as never, logger);
    const token = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmU';
    emitter.emit('uncaughtException', new TypeError(`boom while calling https://school.example/api?access_token=${token}`), 'uncaughtException');
    emitter.emit('unhandledRejection', new Error('refresh failed: refresh_token=rt_abcdef'));
    emitter.emit('unhandledRejection', 'a plain string');
    expect(logger.lines).toHaveLength(3);
    expect(logger.lines[0]).toContain('unhandled error in the main process');
    expect(logger.lines[0]).toContain('TypeError');
    expect(logger.lines[0]).toContain('boom while calling https://school.example/api?access_token=[redacted]');
    expect(logger.lines[1]).toContain('unhandled promise rejection');
    expect(logger.lines.join('\n')).not.toContain(token);
    expect(logger.lines.join('\n')).not.toContain('rt_abcdef');
    expect(logger.lines[2]).toContain('a plain string');
  });

  it('a plain Node host can end after an uncaught exception, once it is logged', () => {
    const emitter = new EventEmitter();
    const logger = memoryLogger();
    const order: string[] = [];
    logUnhandledErrors(emitter as never, { ...logger, error: (message: string) => order.push(`logged ${message}`) }, { afterUncaughtException: () => order.push('stop') });
    emitter.emit('uncaughtException', new Error('boom'), 'uncaughtException');
    emitter.emit('unhandledRejection', new Error('later'));
    expect(order).toEqual(['logged unhandled error in the main process', 'stop', 'logged unhandled promise rejection in the main process']);
  });

  it('scrubs long token-like runs anywhere', () => {
    expect(scrubSecrets('Bearer abcdefghijklmnopqrstuvwxyz0123456789ABCD failed')).toBe('Bearer [redacted] failed');
    expect(describeError(new Error('short words stay')).message).toBe('short words stay');
  });
});
