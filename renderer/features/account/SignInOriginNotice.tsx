// Where tokens may go (docs/security.md): when the school's platform signs in on another site, the admin
// is told which one before the browser opens, so the address bar can be checked before typing a password.
import { Trans, useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';

export function SignInOriginNotice({ origin }: { origin: string }) {
  const { t } = useTranslation('shell');
  return (
    <div className="callout callout-neutral sign-in-origin" role="note" data-testid="sign-in-origin">
      <Icon name="info" size={18} />
      <div>
        <p className="callout-title">{t('flow.otherSiteTitle')}</p>
        <p>
          <Trans t={t} i18nKey="flow.otherSite" values={{ origin }} components={{ mono: <span className="mono" /> }} />
        </p>
      </div>
    </div>
  );
}
