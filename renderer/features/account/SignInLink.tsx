// "Open the sign-in page": the authorization URL the main process opened, offered again in case the admin
// closed that tab. It opens through the main process (system browser), like every external link.
import { useTranslation } from 'react-i18next';
import { invoke } from '../../lib/bridge-hooks';
import { Icon } from '../../components/Icon';

export function SignInLink({ url, onOpen }: { url: string; onOpen?: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <a
      className="link-button"
      href={url}
      target="_blank"
      rel="noreferrer"
      onClick={(event) => {
        event.preventDefault();
        onOpen?.();
        invoke('app.openExternal', { url }).catch(() => undefined);
      }}
    >
      {t('flow.openSignInPage')}
      <Icon name="external" size={14} />
    </a>
  );
}
