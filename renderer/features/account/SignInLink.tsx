// "Open the sign-in page": the authorization URL the main process opened, offered again in case the admin
// closed that tab. It opens through the main process (system browser), like every external link.
import { invoke } from '../../lib/bridge-hooks';
import { Icon } from '../../components/Icon';

export function SignInLink({ url, onOpen }: { url: string; onOpen?: () => void }) {
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
      Open the sign-in page
      <Icon name="external" size={14} />
    </a>
  );
}
