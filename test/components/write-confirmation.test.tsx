// @vitest-environment happy-dom
// The write confirmation (renderer/features/writes/use-write.tsx): it names the record and the change before
// anything is sent, Cancel sends nothing, a destructive change starts on Cancel, the dialog stays busy while
// the main process answers, the platform's refusal is shown in plain words with Try again, and a missing
// permission is asked for first. The main process is the contract bridge.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import type { AccountView } from '../../shared/model/accounts';
import type { WriteOutcome } from '../../shared/ipc/writes';
import type { WriteRequest } from '../../shared/model/writes';
import { useWrite } from '../../renderer/features/writes/use-write';
import { useActiveAccount } from '../../renderer/state/active-account';
import { contractBridge, type Answers } from './contract-bridge';
import { renderWithBridge } from './render';

const ACCOUNT: AccountView = {
  id: 'acct_lumen',
  issuer: 'https://lumen.example',
  school: { id: 'sch_1', name: 'Lumen Academy', url: 'https://lumen.example' },
  admin: { sub: 'adm_1', name: 'Alex Morgan', email: 'alex@lumen.example', picture: null },
  grantedScopes: ['openid', 'coupons:read', 'coupons:write'],
  status: 'signed_in',
  connectedAt: '2026-11-01T00:00:00.000Z',
  lastSyncAt: null,
};
const DISABLE: WriteRequest = { kind: 'coupon.setEnabled', couponId: 'cpn_1', code: 'SPRING20', enabled: false, seenUpdatedAt: '2026-11-20T08:00:00.000Z' };
const DONE: WriteOutcome = { status: 'done', message: 'Disabled coupon “SPRING20”', undo: { ...DISABLE, enabled: true, seenUpdatedAt: null }, recordId: 'cpn_1' };

/** A page with one write on it, shown once the school is known (as every page is). */
function Harness() {
  const write = useWrite();
  const account = useActiveAccount();
  const [outcome, setOutcome] = useState('');
  if (!account) return null;
  return (
    <>
      <button type="button" onClick={() => void write.run(DISABLE).then((o) => setOutcome(o ? o.status : 'cancelled'))}>
        Disable SPRING20
      </button>
      <output data-testid="outcome">{outcome}</output>
      {write.element}
    </>
  );
}

function bridgeFor(account: AccountView, more: Answers = {}) {
  return contractBridge({
    'accounts.list': () => [account],
    'app.status': () => ({ version: '1.0.0', mode: 'browser', online: true, lastSyncAt: null, defaultSchool: null, systemLanguages: null, desktopOptions: null }),
    ...more,
  });
}
const dialog = () => screen.getByRole('dialog');
const performed = (bridge: ReturnType<typeof bridgeFor>) => bridge.calls.filter((c) => c.method === 'writes.perform');

async function openConfirmation(bridge: ReturnType<typeof bridgeFor>) {
  const user = userEvent.setup();
  renderWithBridge(<Harness />, bridge);
  await user.click(await screen.findByRole('button', { name: 'Disable SPRING20' }));
  return user;
}

describe('the write confirmation', () => {
  it('names the record and the change; Cancel closes it and sends nothing', async () => {
    const bridge = bridgeFor(ACCOUNT, { 'writes.perform': () => DONE });
    const user = await openConfirmation(bridge);
    expect(screen.getByRole('heading', { name: 'Disable coupon “SPRING20”?' })).toBeTruthy();
    expect(dialog().textContent).toContain('Buyers can no longer use the code.');
    // Destructive: the safe choice has the focus, so a stray Enter changes nothing.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('outcome').textContent).toBe('cancelled');
    expect(performed(bridge)).toEqual([]);
  });

  it('stays busy while the main process sends it, then closes with the outcome', async () => {
    let answer: (outcome: WriteOutcome) => void = () => undefined;
    const bridge = bridgeFor(ACCOUNT, { 'writes.perform': () => new Promise<WriteOutcome>((resolve) => (answer = resolve)) });
    const user = await openConfirmation(bridge);
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(performed(bridge)).toEqual([{ method: 'writes.perform', input: { accountId: ACCOUNT.id, request: DISABLE } }]));
    expect(screen.getByRole('button', { name: 'Disable' }).getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => answer(DONE));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('outcome').textContent).toBe('done');
  });

  it("shows the platform's refusal in plain words, with Try again", async () => {
    let tries = 0;
    const bridge = bridgeFor(ACCOUNT, {
      'writes.perform': () => {
        tries += 1;
        if (tries === 1) throw new AppError('request_refused', 'Could not disable coupon “SPRING20”. The platform said: the coupon is locked.');
        return DONE;
      },
    });
    const user = await openConfirmation(bridge);
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not disable coupon “SPRING20”. The platform said: the coupon is locked.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('outcome').textContent).toBe('done'));
    expect(performed(bridge)).toHaveLength(2);
  });

  it('asks for the write permission first when the school has not granted it', async () => {
    const bridge = bridgeFor({ ...ACCOUNT, grantedScopes: ['openid', 'coupons:read'] }, { 'writes.perform': () => DONE });
    const user = await openConfirmation(bridge);
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Disable needs one more permission: .+\. You confirm it on your school's sign-in page/);
    expect(screen.getByRole('button', { name: 'Grant access' })).toBeTruthy();
    expect(performed(bridge)).toEqual([]);
  });
});
