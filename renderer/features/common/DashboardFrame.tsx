// What every dashboard shares: its scopes checked first (a missing one explains itself and offers "grant
// access" while the other dashboards keep working), then the offline banner, then the content.
import type { ReactNode } from 'react';
import { DASHBOARD_SCOPES, type Dashboard } from '../../../shared/app-scopes';
import { ScopeGate } from '../../components/ScopeGate';
import { EmptyState } from '../../components/EmptyState';
import { useActiveAccount } from '../../state/active-account';
import { OfflineBanner } from './OfflineBanner';

export const DASHBOARD_NAMES: Record<Dashboard, string> = {
  courses: 'the Courses dashboard',
  orders: 'the Orders dashboard',
  analytics: 'the Analytics dashboard',
};

export function DashboardFrame({ dashboard, children }: { dashboard: Dashboard; children: ReactNode }) {
  const account = useActiveAccount();
  if (!account) return <EmptyState title="No school connected">Connect a school to see its dashboards.</EmptyState>;
  return (
    <div className="dashboard" data-dashboard={dashboard}>
      <OfflineBanner />
      <ScopeGate scopes={DASHBOARD_SCOPES[dashboard]} what={DASHBOARD_NAMES[dashboard]}>
        {children}
      </ScopeGate>
    </div>
  );
}
