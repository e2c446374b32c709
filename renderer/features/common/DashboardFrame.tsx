// What every dashboard shares: its scopes checked first (a missing one explains itself and offers "grant
// access" while the other dashboards keep working), then the offline banner, then the content, in the
// business time zone, which the page's header names.
import { useTranslation } from 'react-i18next';
import { t as translate } from '../../../shared/i18n/i18n';
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

/** What a dashboard is, for the sentence "<name> needs your permission": "the Orders dashboard". */
function dashboardName(dashboard: Dashboard): string {
  return translate(`common:dashboards.names.${dashboard}`);
}

export function DashboardFrame({ dashboard, children }: { dashboard: Dashboard; children: ReactNode }) {
  const account = useActiveAccount();
  const { t } = useTranslation('common');
  const { settled } = useBusinessTime();
  if (!account) return <EmptyState title={t('dashboards.noSchool')}>{t('dashboards.noSchoolHint')}</EmptyState>;
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
            <Spinner label={t('timeZone.loading')} />
          </div>
        )
      ) : (
        // Still a page with its title, so focus and screen readers land where they do on every dashboard.
        <Page title={t(`dashboards.titles.${dashboard}`)}>
          <GrantAccess what={dashboardName(dashboard)} missing={missing} />
        </Page>
      )}
    </div>
  );
}
