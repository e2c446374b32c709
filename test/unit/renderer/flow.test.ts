import { describe, expect, it } from 'vitest';
import { IDLE, browserFlowReducer, type BrowserFlowState } from '../../../renderer/state/browser-flow';
import { stepPosition, stepStates } from '../../../renderer/lib/connect-steps';
import { addressFeedback } from '../../../renderer/shell/address-feedback';
import { pickActiveAccount } from '../../../renderer/state/pick-active-account';
import { nextFocusIndex, nextRowIndex } from '../../../renderer/lib/roving-focus';
import { resolveTheme, themeAttribute } from '../../../renderer/lib/theme';
import type { AccountView } from '../../../shared/model/accounts';

const SIGN_IN_URL = 'http://127.0.0.1:4000/oauth/authorize?client_id=abc';

function run(...actions: Parameters<typeof browserFlowReducer>[1][]): BrowserFlowState {
  return actions.reduce(browserFlowReducer, IDLE);
}

describe('the browser sign-in flow', () => {
  it('follows the progress events and keeps the sign-in link only while the browser is open', () => {
    const waiting = run(
      { type: 'start', kind: 'connect', target: 'https://school.example.com' },
      { type: 'progress', progress: { step: 'discovering' } },
      { type: 'progress', progress: { step: 'waiting_for_browser', authorizationUrl: SIGN_IN_URL } },
    );
    expect(waiting).toMatchObject({ phase: 'running', step: 'waiting_for_browser', authorizationUrl: SIGN_IN_URL });
    expect(browserFlowReducer(waiting, { type: 'progress', progress: { step: 'exchanging' } })).toMatchObject({ step: 'exchanging', authorizationUrl: null });
  });

  it('ignores progress when no flow was started here', () => {
    expect(run({ type: 'progress', progress: { step: 'waiting_for_browser', authorizationUrl: SIGN_IN_URL } })).toBe(IDLE);
  });

  it('ends in failed with the error, which dismiss clears', () => {
    const failed = run({ type: 'start', kind: 'connect', target: 'x' }, { type: 'failed', error: { code: 'access_denied', message: 'Denied.' } });
    expect(failed).toEqual({ phase: 'failed', kind: 'connect', target: 'x', error: { code: 'access_denied', message: 'Denied.' } });
    expect(browserFlowReducer(failed, { type: 'dismiss' })).toBe(IDLE);
  });

  it('does not let dismiss end a flow that is still running', () => {
    const running = run({ type: 'start', kind: 'grant', target: 'x' });
    expect(browserFlowReducer(running, { type: 'dismiss' })).toBe(running);
  });

  it('marks cancelling until the pending call fails with "cancelled"', () => {
    const cancelling = run({ type: 'start', kind: 'connect', target: 'x' }, { type: 'cancelling' });
    expect(cancelling).toMatchObject({ phase: 'running', cancelling: true });
    expect(browserFlowReducer(cancelling, { type: 'failed', error: { code: 'cancelled', message: 'Cancelled.' } })).toMatchObject({ phase: 'failed', error: { code: 'cancelled' } });
  });

  it('returns to idle on success', () => {
    expect(run({ type: 'start', kind: 'sign_in_again', target: 'x' }, { type: 'succeeded' })).toBe(IDLE);
  });
});

describe('connect steps', () => {
  it('marks the steps before the current one done', () => {
    expect(stepStates('waiting_for_browser')).toEqual(['done', 'done', 'current', 'pending', 'pending']);
    expect(stepStates(null)).toEqual(['current', 'pending', 'pending', 'pending', 'pending']);
    expect(stepStates('done')).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(stepPosition('exchanging')).toEqual({ index: 3, total: 5 });
  });
});

describe('the address field', () => {
  it('says nothing on an empty field, and what to enter once Connect was pressed on it', () => {
    expect(addressFeedback('   ', true)).toEqual({ kind: 'none' });
    expect(addressFeedback('', true, { submitted: true })).toEqual({ kind: 'error', message: "Enter your school's address, for example https://school.example.com." });
  });

  it('does not say "will connect to" an address a connect just failed for', () => {
    expect(addressFeedback('school.example.com', true, { failedFor: 'https://school.example.com' })).toEqual({ kind: 'none' });
    expect(addressFeedback('other.example.com', true, { failedFor: 'https://school.example.com' })).toMatchObject({ kind: 'ok' });
  });

  it('holds an error back while the admin is still typing, and shows it once they pause', () => {
    expect(addressFeedback('school', false)).toEqual({ kind: 'none' });
    expect(addressFeedback('school', true)).toMatchObject({ kind: 'error' });
    expect(addressFeedback('ftp://school.example.com', true)).toMatchObject({ kind: 'error', message: expect.stringContaining('https://') });
  });

  it('shows where the app will connect as soon as the address is good', () => {
    expect(addressFeedback('school.example.com/', false)).toEqual({ kind: 'ok', url: 'https://school.example.com' });
    expect(addressFeedback('http://127.0.0.1:4000', false)).toEqual({ kind: 'ok', url: 'http://127.0.0.1:4000' });
  });
});

describe('the account on screen', () => {
  const account = (id: string): AccountView => ({
    id,
    issuer: 'https://platform.example.com',
    school: { id, name: id, url: null },
    admin: { sub: 'a', name: 'Ada', email: null, picture: null },
    grantedScopes: [],
    status: 'signed_in',
    connectedAt: '2026-11-21T00:00:00Z',
    lastSyncAt: null,
  });

  it('is the chosen one while it is connected, else the most recent one', () => {
    const list = [account('b'), account('a')];
    expect(pickActiveAccount(list, 'a')?.id).toBe('a');
    expect(pickActiveAccount(list, 'gone')?.id).toBe('b');
    expect(pickActiveAccount(list, null)?.id).toBe('b');
    expect(pickActiveAccount([], 'a')).toBeNull();
  });
});

describe('keyboard and theme', () => {
  it('moves menu focus with wrapping arrows and Home/End, and ignores other keys', () => {
    expect(nextFocusIndex('ArrowDown', 2, 3)).toBe(0);
    expect(nextFocusIndex('ArrowUp', 0, 3)).toBe(2);
    expect(nextFocusIndex('ArrowDown', -1, 3)).toBe(0);
    expect(nextFocusIndex('End', 0, 3)).toBe(2);
    expect(nextFocusIndex('Home', 2, 3)).toBe(0);
    expect(nextFocusIndex('a', 0, 3)).toBeNull();
    expect(nextFocusIndex('ArrowDown', 0, 0)).toBeNull();
  });

  it('moves table-row focus without wrapping: arrows and pages stop at the ends, Home/End jump', () => {
    expect(nextRowIndex('ArrowDown', 2, 25)).toBe(3);
    expect(nextRowIndex('ArrowDown', 24, 25)).toBe(24);
    expect(nextRowIndex('ArrowUp', 0, 25)).toBe(0);
    expect(nextRowIndex('PageDown', 1, 25)).toBe(11);
    expect(nextRowIndex('PageDown', 20, 25)).toBe(24);
    expect(nextRowIndex('PageUp', 5, 25)).toBe(0);
    expect(nextRowIndex('End', 0, 25)).toBe(24);
    expect(nextRowIndex('Home', 9, 25)).toBe(0);
    expect(nextRowIndex('Enter', 0, 25)).toBeNull();
    expect(nextRowIndex('ArrowDown', 0, 0)).toBeNull();
  });

  it('follows the OS for "system" and pins the choice otherwise', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(themeAttribute('system')).toBeNull();
    expect(themeAttribute('dark')).toBe('dark');
  });
});

describe('waiting for the sign-in page', () => {
  it('says the engine\'s real timeout', async () => {
    const { DEFAULT_RECEIVER_TIMEOUT_MS } = await import('../../../electron/services/auth/loopback-receiver');
    const { SIGN_IN_WAIT_MINUTES } = await import('../../../renderer/lib/connect-steps');
    expect(SIGN_IN_WAIT_MINUTES * 60_000).toBe(DEFAULT_RECEIVER_TIMEOUT_MS);
  });

  it('notes the admin back without an answer only while waiting, and forgets it when the page is opened again or the steps move on', async () => {
    const { browserFlowReducer: reduce } = await import('../../../renderer/state/browser-flow');
    const started = reduce({ phase: 'idle' }, { type: 'start', kind: 'connect', target: 'x' });
    expect(reduce(started, { type: 'returned' })).toBe(started);
    const waiting = reduce(started, { type: 'progress', progress: { step: 'waiting_for_browser', authorizationUrl: 'http://127.0.0.1:1/oauth/authorize' } });
    const back = reduce(waiting, { type: 'returned' });
    expect(back).toMatchObject({ backWhileWaiting: true });
    expect(reduce(back, { type: 'pageReopened' })).not.toHaveProperty('backWhileWaiting');
    expect(reduce(back, { type: 'progress', progress: { step: 'exchanging' } })).not.toHaveProperty('backWhileWaiting');
  });
});
