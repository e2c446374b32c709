// What every dashboard shares: its scopes checked first (a missing one explains itself and offers "grant
// access" while the other dashboards keep working), then the offline banner, then the content.
import type { ReactNode } from 'react';
import { DASHBOARD_SCOPES, missingScopes, type Dashboard } from '../../../shared/app-scopes';
import { GrantAccess } from '../../components/ScopeGate';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import { useActiveAccount } from '../../state/active-account';
import { OfflineBanner } from './OfflineBanner';

const DASHBOARD_NAMES: Record<Dashboard, string> = {
  courses: 'the Courses dashboard',
  orders: 'the Orders dashboard',
  analytics: 'the Analytics dashboard',
  coupons: 'the Coupons page',
  subscriptions: 'the Subscriptions page',
  events: 'the Events page',
  comments: 'the comments inbox',
  profile: "a student's profile",
  members: 'the Members page',
  students: 'the Students page',
};

const DASHBOARD_TITLES: Record<Dashboard, string> = { courses: 'Courses', orders: 'Orders', analytics: 'Analytics', coupons: 'Coupons', subscriptions: 'Subscriptions', events: 'Events', comments: 'Comments', profile: 'Student', members: 'Members', students: 'Students' };

export function DashboardFrame({ dashboard, children }: { dashboard: Dashboard; children: ReactNode }) {
  const account = useActiveAccount();
  if (!account) return <EmptyState title="No school connected">Connect a school to see its dashboards.</EmptyState>;
  const missing = missingScopes(account.grantedScopes, DASHBOARD_SCOPES[dashboard]);
  return (
    <div className="dashboard" data-dashboard={dashboard}>
      <OfflineBanner />
      {missing.length === 0 ? (
        children
      ) : (
        // Still a page with its title, so focus and screen readers land where they do on every dashboard.
        <Page title={DASHBOARD_TITLES[dashboard]}>
          <GrantAccess what={DASHBOARD_NAMES[dashboard]} missing={missing} />
        </Page>
      )}
    </div>
  );
}
