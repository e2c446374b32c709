// What every dashboard shares: its scopes checked first (a missing one explains itself and offers "grant
// access" while the other dashboards keep working), then the offline banner, then the content.
import { useTranslation } from 'react-i18next';
import { t as translate } from '../../../shared/i18n/i18n';
import type { ReactNode } from 'react';
import { DASHBOARD_SCOPES, missingScopes, type Dashboard } from '../../../shared/app-scopes';
import { GrantAccess } from '../../components/ScopeGate';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import { useActiveAccount } from '../../state/active-account';
import { OfflineBanner } from './OfflineBanner';

/** What a dashboard is, for the sentence "<name> needs your permission": "the Orders dashboard". */
function dashboardName(dashboard: Dashboard): string {
  return translate(`common:dashboards.names.${dashboard}`);
}

export function DashboardFrame({ dashboard, children }: { dashboard: Dashboard; children: ReactNode }) {
  const account = useActiveAccount();
  const { t } = useTranslation('common');
  if (!account) return <EmptyState title={t('dashboards.noSchool')}>{t('dashboards.noSchoolHint')}</EmptyState>;
  const missing = missingScopes(account.grantedScopes, DASHBOARD_SCOPES[dashboard]);
  return (
    <div className="dashboard" data-dashboard={dashboard}>
      <OfflineBanner />
      {missing.length === 0 ? (
        children
      ) : (
        // Still a page with its title, so focus and screen readers land where they do on every dashboard.
        <Page title={t(`dashboards.titles.${dashboard}`)}>
          <GrantAccess what={dashboardName(dashboard)} missing={missing} />
        </Page>
      )}
    </div>
  );
}
