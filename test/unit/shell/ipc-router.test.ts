import { describe, expect, it, vi } from 'vitest';
import { memoryLogger } from '../../../electron/services/log';
import { createEventHub } from '../../../electron/services/ipc/event-hub';
import { createIpcRouter } from '../../../electron/services/ipc/router';
import { AppError } from '../../../shared/errors';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/app';

const trusted = () => true;
const SECRET = 'sekret-value-that-must-not-be-logged';

function setup(validateOutput = true) {
  const logger = memoryLogger();
  const connect = vi.fn(async () => {
    throw new AppError('no_platform', 'No platform there.');
  });
  const settingsGet = vi.fn(async () => ({ ...DEFAULT_SETTINGS }));
  const router = createIpcRouter({ handlers: { 'accounts.connect': connect, 'settings.get': settingsGet }, logger, validateOutput });
  return { logger, connect, settingsGet, router };
}

describe('IPC router', () => {
  it('refuses a malformed input with invalid_input before any handler runs', async () => {
    const { router, connect, logger } = setup();
    for (const input of [{ address: 42 }, { address: '' }, { address: 'https://a.example', token: SECRET }, 'https://a.example', null, [SECRET]]) {
      const result = await router.route({ method: 'accounts.connect', input, isTrustedSender: trusted });
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    expect(connect).not.toHaveBeenCalled();
    expect(logger.lines.join('\n')).not.toContain(SECRET);
  });

  it('refuses an unknown method, and names that cannot be methods', async () => {
    const { router } = setup();
    for (const method of ['accounts.steal', '__proto__', 'constructor', 42, undefined]) {
      expect(await router.route({ method, input: {}, isTrustedSender: trusted })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
  });

  it('refuses an untrusted sender with forbidden_sender before reading the input', async () => {
    const { router, settingsGet } = setup();
    const result = await router.route({ method: 'settings.get', input: {}, isTrustedSender: () => false });
    expect(result).toEqual({ ok: false, error: { code: 'forbidden_sender', message: expect.any(String) } });
    expect(settingsGet).not.toHaveBeenCalled();
  });

  it('runs the handler with the parsed input and returns its value', async () => {
    const { router, settingsGet } = setup();
    expect(await router.route({ method: 'settings.get', input: {}, isTrustedSender: trusted })).toEqual({ ok: true, value: DEFAULT_SETTINGS });
    expect(settingsGet).toHaveBeenCalledTimes(1);
  });

  it('passes an AppError through as is', async () => {
    const { router } = setup();
    expect(await router.route({ method: 'accounts.connect', input: { address: 'school.example.com' }, isTrustedSender: trusted })).toEqual({
      ok: false,
      error: { code: 'no_platform', message: 'No platform there.' },
    });
  });

  it('turns a handler output outside the contract into an internal error', async () => {
    const logger = memoryLogger();
    const router = createIpcRouter({ handlers: { 'settings.get': async () => ({ theme: 'purple' }) as never }, logger, validateOutput: true });
    expect(await router.route({ method: 'settings.get', input: {}, isTrustedSender: trusted })).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('hides anything but an AppError behind a generic internal error, and logs method and code only', async () => {
    const logger = memoryLogger();
    const router = createIpcRouter({
      handlers: {
        'accounts.connect': async () => {
          throw new Error(`database said ${SECRET}`);
        },
      },
      logger,
    });
    const result = await router.route({ method: 'accounts.connect', input: { address: `https://${SECRET}.example.com` }, isTrustedSender: trusted });
    expect(result).toEqual({ ok: false, error: { code: 'internal', message: 'Something went wrong inside the app.' } });
    const log = logger.lines.join('\n');
    expect(log).toContain('accounts.connect');
    expect(log).toContain('"errorCode":"internal"');
    expect(log).not.toContain(SECRET);
  });

  it('reports a method without a handler as internal, not as a crash', async () => {
    const { router } = setup();
    expect(await router.route({ method: 'accounts.list', input: {}, isTrustedSender: trusted })).toMatchObject({ ok: false, error: { code: 'internal' } });
  });
});

describe('event hub', () => {
  it('delivers to every subscriber and refuses a payload outside the contract', () => {
    const hub = createEventHub({ validate: true });
    const seen: string[] = [];
    const stop = hub.subscribe((event) => seen.push(event));
    hub.emit('accounts.connectProgress', { step: 'discovering' });
    expect(() => hub.emit('accounts.connectProgress', { step: 'teleporting' } as never)).toThrow();
    stop();
    hub.emit('accounts.connectProgress', { step: 'done' });
    expect(seen).toEqual(['accounts.connectProgress']);
  });
});
