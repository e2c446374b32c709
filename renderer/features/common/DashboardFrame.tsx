// What every dashboard shares: its scopes checked first (a missing one explains itself and offers "grant
// access" while the other dashboards keep working), then the offline banner, then the content, in the
// business time zone, which the page's header names.
import type { ReactNode } from 'react';
import { DASHBOARD_SCOPES, missingScopes, type Dashboard } from '../../../shared/app-scopes';
import { GrantAccess } from '../../components/ScopeGate';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import { useActiveAccount } from '../../state/active-account';
import { PageNoteContext } from '../../components/page-note';
import { Spinner } from '../../components/Spinner';
import { useBusinessTime } from '../../state/business-time';
import { OfflineBanner } from './OfflineBanner';
import { TimeZoneNote } from './TimeZoneNote';

export const DASHBOARD_NAMES: Record<Dashboard, string> = {
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
  const { settled } = useBusinessTime();
  if (!account) return <EmptyState title="No school connected">Connect a school to see its dashboards.</EmptyState>;
  const missing = missingScopes(account.grantedScopes, DASHBOARD_SCOPES[dashboard]);
  return (
    <div className="dashboard" data-dashboard={dashboard}>
      <OfflineBanner />
      {missing.length === 0 ? (
        // Until the school's record says its zone, nothing is drawn: no range is asked in another zone's days first.
        settled ? (
          <PageNoteContext value={<TimeZoneNote />}>{children}</PageNoteContext>
        ) : (
          <div className="loading-block">
            <Spinner label="Loading the school's time zone" />
          </div>
        )
      ) : (
        // Still a page with its title, so focus and screen readers land where they do on every dashboard.
        <Page title={DASHBOARD_TITLES[dashboard]}>
          <GrantAccess what={DASHBOARD_NAMES[dashboard]} missing={missing} />
        </Page>
      )}
    </div>
  );
}
