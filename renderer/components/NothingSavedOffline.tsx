// What a view shows offline when it was never loaded: there is no saved copy of it, so it says so and what
// to do (reconnect), instead of claiming that "what was loaded before is still shown" above an empty page.
// Not an alert and not a second offline notice: the offline banner says the platform can't be reached.
import { useTranslation } from 'react-i18next';
import { t as translate } from '../../shared/i18n/i18n';
import { useActiveAccount } from '../state/active-account';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { Icon } from './Icon';

/** "Nothing saved for the sales report yet": `what` names the view as ErrorState's `what` does. */
function nothingSavedTitle(what: string): string {
  return translate('common:nothingSaved.title', { what });
}

export function NothingSavedOffline({ what, onRetry }: { what: string; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  const school = useActiveAccount()?.school.name ?? t('nothingSaved.thePlatform');
  return (
    <div className="nothing-saved-offline" data-testid="nothing-saved-offline">
      <EmptyState
        icon="wifiOff"
        title={nothingSavedTitle(what)}
        action={
          onRetry && (
            <Button icon={<Icon name="refresh" size={16} />} onClick={onRetry}>
              {t('actions.tryAgain')}
            </Button>
          )
        }
      >
        <p>{t('nothingSaved.body', { school })}</p>
      </EmptyState>
    </div>
  );
}
