// Every write the admin makes goes through this hook, so each behaves the same way:
//  - a confirmation that names the record before anything destructive or visible to learners;
//  - least privilege: the write scope is asked the first time it is needed (step-up in the browser),
//    never at sign-in;
//  - a clear message once done, with Undo where the platform has the inverse operation;
//  - the platform's refusal in plain words, in the dialog, with nothing the admin typed lost (forms keep
//    their own state; this hook never clears them);
//  - offline, the write waits in the school's outbox (the main process decides) and the notice says so.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { missingScopes } from '../../../shared/app-scopes';
import type { WriteOutcome } from '../../../shared/ipc/writes';
import { describeScope } from '../../../shared/scopes';
import { describeWrite, type WriteRequest } from '../../../shared/model/writes';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { invoke } from '../../lib/bridge-hooks';
import { toSerializedError } from '../../lib/app-error';
import { useActiveAccount } from '../../state/active-account';
import { useAppStatus } from '../../state/app-status';
import { useBrowserFlowActions, useBrowserFlowStore } from '../../state/browser-flow-store';
import { BrowserFlowProgress } from '../account/BrowserFlowProgress';
import { useNotices } from '../../state/notices';
import { refreshAfterWrite } from './refresh';

type Phase =
  | { kind: 'confirm' }
  | { kind: 'scope'; missing: string[] }
  | { kind: 'granting'; missing: string[] }
  | { kind: 'sending' }
  | { kind: 'failed'; message: string };

interface Pending {
  request: WriteRequest;
  phase: Phase;
  resolve(outcome: WriteOutcome | null): void;
}

interface RunOptions {
  /** Undo is the admin's own click on "Undo": it does not ask again. */
  skipConfirm?: boolean;
}

export interface WriteRunner {
  /** Runs a write through confirmation, step-up and sending; resolves null when the admin cancels or it fails. */
  run(request: WriteRequest, options?: RunOptions): Promise<WriteOutcome | null>;
  /** The dialog this hook shows; render it once in the component that uses the hook. */
  element: ReactNode;
  busy: boolean;
}

export function useWrite(): WriteRunner {
  const account = useActiveAccount();
  const online = useAppStatus()?.online ?? true;
  const { grantScopes } = useBrowserFlowActions();
  const client = useQueryClient();
  const push = useNotices((s) => s.push);
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  pendingRef.current = pending;

  const update = useCallback((phase: Phase) => setPending((p) => (p ? { ...p, phase } : p)), []);
  const finish = useCallback((outcome: WriteOutcome | null) => {
    pendingRef.current?.resolve(outcome);
    setPending(null);
  }, []);

  const send = useCallback(
    async (request: WriteRequest) => {
      if (!account) return;
      update({ kind: 'sending' });
      try {
        const outcome = await invoke('writes.perform', { accountId: account.id, request });
        await refreshAfterWrite(client, account.id);
        if (outcome.status === 'done') {
          const undo = outcome.undo;
          push({
            tone: 'success',
            title: outcome.message,
            ...(undo ? { action: { label: 'Undo', run: () => void runRef.current(undo, { skipConfirm: true }) } } : {}),
          });
        } else {
          push({ tone: 'info', title: 'Saved in the outbox', message: outcome.message, action: { label: 'Open the outbox', run: () => void navigate('/activity') } });
        }
        finish(outcome);
      } catch (error) {
        const e = toSerializedError(error);
        if (e.code === 'insufficient_scope') update({ kind: 'scope', missing: e.missingScopes?.length ? e.missingScopes : [describeWrite(request).scope] });
        else update({ kind: 'failed', message: e.message });
      }
    },
    [account, client, finish, navigate, push, update],
  );

  const afterConfirm = useCallback(
    async (request: WriteRequest) => {
      if (!account) return;
      const missing = missingScopes(account.grantedScopes, [describeWrite(request).scope]);
      // Offline the consent page cannot open: the write waits in the outbox, and the permission is asked when it is sent.
      if (missing.length > 0 && online) update({ kind: 'scope', missing });
      else await send(request);
    },
    [account, online, send, update],
  );

  const run = useCallback(
    (request: WriteRequest, options: RunOptions = {}): Promise<WriteOutcome | null> => {
      pendingRef.current?.resolve(null);
      return new Promise((resolve) => {
        const confirm = describeWrite(request).confirm && !options.skipConfirm;
        const next: Pending = { request, phase: confirm ? { kind: 'confirm' } : { kind: 'sending' }, resolve };
        pendingRef.current = next;
        setPending(next);
        if (!confirm) void afterConfirm(request);
      });
    },
    [afterConfirm],
  );
  const runRef = useRef(run);
  runRef.current = run;

  async function grant(missing: string[]) {
    const current = pendingRef.current;
    if (!account || !current) return;
    update({ kind: 'granting', missing });
    const granted = await grantScopes(account, missing);
    if (granted) await send(current.request);
    else update({ kind: 'scope', missing });
  }

  const element = pending ? <WriteDialog pending={pending} onCancel={() => finish(null)} onConfirm={() => void afterConfirm(pending.request)} onGrant={(m) => void grant(m)} onRetry={() => void send(pending.request)} /> : null;
  return { run, element, busy: pending !== null };
}

function WriteDialog({ pending, onCancel, onConfirm, onGrant, onRetry }: { pending: Pending; onCancel(): void; onConfirm(): void; onGrant(missing: string[]): void; onRetry(): void }) {
  const words = describeWrite(pending.request);
  const { phase } = pending;
  const flow = useBrowserFlowStore((s) => s.state);
  // A write that needs no confirmation shows nothing while it is sent: the page shows its own busy state.
  if (phase.kind === 'sending' && !words.confirm) return null;
  const busy = phase.kind === 'sending' || phase.kind === 'granting';
  const danger = pending.request.kind === 'subscription.cancel' || (pending.request.kind === 'coupon.setEnabled' && !pending.request.enabled) || (pending.request.kind === 'course.setPublished' && !pending.request.published);
  let body: ReactNode = null;
  let actions: ReactNode;
  if (phase.kind === 'scope' || phase.kind === 'granting') {
    body = (
      <div className="write-step" role="alert">
        <p>
          {words.verb} needs one more permission: <strong>{phase.missing.map(describeScope).join(', ')}</strong>. You confirm it on your school's sign-in page, in your browser; then the
          change is made.
        </p>
        {/* The dialog is modal: the sign-in's progress, its link and its Cancel must be here, not behind it. */}
        {phase.kind === 'granting' && flow.phase === 'running' && <BrowserFlowProgress flow={flow} compact />}
      </div>
    );
    actions = (
      <>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Not now
        </Button>
        <Button variant="primary" busy={phase.kind === 'granting'} onClick={() => onGrant(phase.missing)}>
          {phase.kind === 'granting' ? 'Waiting for the browser…' : 'Grant access'}
        </Button>
      </>
    );
  } else if (phase.kind === 'failed') {
    body = (
      <p className="field-error write-error" role="alert">
        {phase.message}
      </p>
    );
    actions = (
      <>
        <Button variant="ghost" onClick={onCancel}>
          Close
        </Button>
        <Button variant="primary" onClick={onRetry}>
          Try again
        </Button>
      </>
    );
  } else {
    actions = (
      <>
        {/* Focus starts on the safe choice when the change is destructive, so a stray Enter changes nothing. */}
        <Button variant="ghost" onClick={onCancel} disabled={busy} autoFocus={danger}>
          Cancel
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} busy={phase.kind === 'sending'} onClick={onConfirm} autoFocus={!danger}>
          {words.verb}
        </Button>
      </>
    );
  }
  return (
    <Dialog open onClose={onCancel} busy={busy} title={words.question} description={<p>{words.consequence}</p>} actions={actions}>
      {body}
    </Dialog>
  );
}
