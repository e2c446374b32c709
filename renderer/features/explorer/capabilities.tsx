// What the school's platform offers, from its /openapi.json (platform.capabilities): a screen that needs an
// operation asks here first and, when the platform lacks it, says so plainly instead of failing.
import type { ReactNode } from 'react';
import { useInvokeQuery } from '../../lib/bridge-hooks';
import { useActiveAccount } from '../../state/active-account';
import { EmptyState } from '../../components/EmptyState';

export interface Capabilities {
  /** true / false once known; null while loading or when the document could not be read (then try it). */
  offers(operationId: string): boolean | null;
}

export function useCapabilities(): Capabilities {
  const account = useActiveAccount();
  const query = useInvokeQuery('platform.capabilities', { accountId: account?.id ?? '' }, { enabled: account !== null, staleTime: 5 * 60_000 });
  const offered = query.data ? new Set(query.data.data.operations) : null;
  return { offers: (operationId) => (offered ? offered.has(operationId) : null) };
}

/** The plain sentence for a missing operation, in place of the feature that needs it. */
export function NotOffered({ what, operationId, children }: { what: string; operationId?: string; children?: ReactNode }) {
  const account = useActiveAccount();
  const school = account?.school.name ?? 'Your school';
  return (
    <EmptyState title={`${what}: not offered by ${school}'s platform`} icon="info">
      Its API description (/openapi.json) does not list {operationId ? <code>{operationId}</code> : 'this operation'}, so the app cannot do it here. {children}
    </EmptyState>
  );
}
