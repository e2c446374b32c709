// docs/security.md: an error that goes back to the renderer never repeats what the renderer sent. Checked at
// the router, through the real handlers (createAppServices) and through a handler written to echo.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices } from '../../../electron/services/app-services';
import { createIpcRouter } from '../../../electron/services/ipc/router';
import { memoryLogger } from '../../../electron/services/log';
import { AppError } from '../../../shared/errors';
import { fakeCipher } from '../../integration/sign-in/harness';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const CRAFTED = '<img src=x onerror=alert(1)>';

describe('handler errors never echo the input', () => {
  it('through the real handlers: a crafted time zone or locale is not repeated', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sc-echo-'));
    dirs.push(dataDir);
    const logger = memoryLogger();
    const services = await createAppServices({ mode: 'browser', version: '0.0.0-test', dataDir, cipher: fakeCipher(), openExternal: async () => undefined, defaultSchool: null, logger });
    const router = createIpcRouter({ handlers: services.handlers, logger, validateOutput: true });
    try {
      const range = { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' };
      const answer = await router.route({ method: 'data.courses.list', input: { accountId: 'acct_x', ...range, timeZone: CRAFTED }, isTrustedSender: () => true });
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      expect(JSON.stringify(answer)).not.toContain(CRAFTED);
      expect(JSON.stringify(answer)).toContain('Unknown time zone');
    } finally {
      await services.close();
    }
  });

  it('whatever a handler writes: secrets and hostile values of the input are replaced; plain values and web addresses kept', async () => {
    const logger = memoryLogger();
    const router = createIpcRouter({
      logger,
      handlers: {
        'accounts.connect': async ({ address }) => {
          throw new AppError('no_platform', `No platform at ${address}; token=${'tok_pasted_secret'}`);
        },
        'app.openExternal': async ({ url }) => {
          throw new AppError('invalid_input', `Refused ${url}`);
        },
      },
    });
    const connect = await router.route({ method: 'accounts.connect', input: { address: 'https://school.example' }, isTrustedSender: () => true });
    expect(connect).toMatchObject({ ok: false, error: { message: expect.stringContaining('https://school.example') } });
    const open = await router.route({ method: 'app.openExternal', input: { url: `javascript:${CRAFTED}` }, isTrustedSender: () => true });
    expect(open).toMatchObject({ ok: false, error: { code: 'invalid_input', message: 'Refused (the value given)' } });
  });

  it('a secret-named field or a long opaque value is never repeated; a plain one the admin typed is', async () => {
    const logger = memoryLogger();
    const router = createIpcRouter({
      logger,
      handlers: {
        'accounts.connect': async (input) => {
          throw new AppError('authorization_failed', `Wrong client_secret for ${input.client?.clientId} (${input.client?.clientSecret}) at ${input.address}`);
        },
      },
    });
    const input = { address: 'https://school.example', client: { clientId: 'desk-app', clientSecret: 'hunter22' } };
    const answer = await router.route({ method: 'accounts.connect', input, isTrustedSender: () => true });
    const text = JSON.stringify(answer);
    expect(text).not.toContain('hunter22');
    expect(text).toContain('client_secret');
    expect(text).toContain('desk-app');
    expect(text).toContain('https://school.example');

    const opaque = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    const pasted = await router.route({ method: 'accounts.connect', input: { address: 'https://school.example', client: { clientId: opaque } }, isTrustedSender: () => true });
    expect(JSON.stringify(pasted)).not.toContain(opaque);
  });
});
