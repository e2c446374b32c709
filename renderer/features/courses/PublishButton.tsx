// Publish / unpublish a course. The app never asks for courses:write up front (least privilege): the first
// use fails with insufficient_scope, the admin is asked to grant it in the browser, and on success the
// change is retried once.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Course } from '../../../shared/platform/resources';
import type { SerializedAppError } from '../../../shared/errors';
import { describeScope } from '../../../shared/scopes';
import { Button } from '../../components/Button';
import { invoke } from '../../lib/bridge-hooks';
import { toSerializedError } from '../../lib/app-error';
import { useActiveAccount } from '../../state/active-account';
import { useBrowserFlowActions } from '../../state/browser-flow-store';

type Phase = { kind: 'idle' } | { kind: 'saving' } | { kind: 'needs_scope'; missing: string[] } | { kind: 'granting' } | { kind: 'failed'; error: SerializedAppError };

export function PublishButton({ course }: { course: Course }) {
  const account = useActiveAccount();
  const { grantScopes } = useBrowserFlowActions();
  const client = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const publish = course.state !== 'published';

  async function run() {
    if (!account) return;
    setPhase({ kind: 'saving' });
    try {
      await invoke('data.courses.setPublished', { accountId: account.id, courseId: course.id, published: publish });
      setPhase({ kind: 'idle' });
      await client.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('data.courses.') });
    } catch (error) {
      const e = toSerializedError(error);
      if (e.code === 'insufficient_scope') setPhase({ kind: 'needs_scope', missing: e.missingScopes?.length ? e.missingScopes : ['courses:write'] });
      else setPhase({ kind: 'failed', error: e });
    }
  }

  async function grantThenRetry(missing: string[]) {
    if (!account) return;
    setPhase({ kind: 'granting' });
    const granted = await grantScopes(account, missing);
    if (granted) await run();
    else setPhase({ kind: 'needs_scope', missing });
  }

  const label = publish ? 'Publish' : 'Unpublish';
  return (
    <div className="publish">
      <Button variant={publish ? 'primary' : 'secondary'} busy={phase.kind === 'saving'} onClick={() => void run()} disabled={phase.kind === 'granting'}>
        {phase.kind === 'saving' ? (publish ? 'Publishing…' : 'Unpublishing…') : label}
      </Button>
      {(phase.kind === 'needs_scope' || phase.kind === 'granting') && (
        <div className="inline-prompt" role="alert">
          <p>
            {label === 'Publish' ? 'Publishing' : 'Unpublishing'} needs one more permission:{' '}
            <strong>{(phase.kind === 'needs_scope' ? phase.missing : ['courses:write']).map(describeScope).join(', ')}</strong>. You confirm it in your browser, then the
            change is made.
          </p>
          <div className="inline-prompt-actions">
            <Button variant="primary" busy={phase.kind === 'granting'} onClick={() => phase.kind === 'needs_scope' && void grantThenRetry(phase.missing)}>
              {phase.kind === 'granting' ? 'Waiting for the browser…' : 'Grant access'}
            </Button>
            <Button variant="ghost" onClick={() => setPhase({ kind: 'idle' })} disabled={phase.kind === 'granting'}>
              Not now
            </Button>
          </div>
        </div>
      )}
      {phase.kind === 'failed' && (
        <p className="field-error" role="alert">
          {phase.error.message}
        </p>
      )}
    </div>
  );
}
