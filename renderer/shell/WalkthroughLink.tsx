// A failed sign-in points to the platform's own step-by-step walkthrough (its /auth.md) when it has one.
// It opens through the main process (system browser), like every external link.
import { useTranslation } from 'react-i18next';
import { invoke } from '../lib/bridge-hooks';
import { Icon } from '../components/Icon';

export function WalkthroughLink({ url }: { url: string }) {
  const { t } = useTranslation('shell');
  return (
    <p>
      <a
        className="link-button"
        href={url}
        target="_blank"
        rel="noreferrer"
        data-testid="walkthrough-link"
        onClick={(event) => {
          event.preventDefault();
          invoke('app.openExternal', { url }).catch(() => undefined);
        }}
      >
        {t('connect.walkthrough')}
        <Icon name="external" size={14} />
      </a>
    </p>
  );
}
