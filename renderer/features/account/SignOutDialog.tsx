// Signing out asks first, then reports what the main process did: revoked on the platform, or only
// deleted here because the platform could not be reached.
import { useTranslation } from 'react-i18next';
import type { AccountView } from '../../../shared/model/accounts';
import { errorCopy } from '../../lib/error-copy';
import { useInvoke } from '../../lib/bridge-hooks';
import { useNotices } from '../../state/notices';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';

export function SignOutDialog({ account, onClose }: { account: AccountView | null; onClose: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  const push = useNotices((s) => s.push);
  const signOut = useInvoke('accounts.signOut');
  const close = () => {
    signOut.reset();
    onClose();
  };
  if (!account) return null;

  // Awaited rather than an onSuccess callback: signing out of the last school unmounts this dialog (the
  // frame gives way to the Connect screen) before the call returns, and the admin must still be told.
  const confirm = async () => {
    try {
      const result = await signOut.mutateAsync({ accountId: account.id });
      push({ tone: result.revokedOnPlatform ? 'success' : 'warning', title: t('signOut.done', { school: account.school.name }), message: result.message });
      close();
    } catch {
      // Shown in the dialog from signOut.error.
    }
  };

  return (
    <Dialog
      open
      onClose={close}
      busy={signOut.isPending}
      title={t('signOut.title', { school: account.school.name })}
      description={<p>{t('signOut.body', { school: account.school.name })}</p>}
      actions={
        <>
          <Button onClick={close} disabled={signOut.isPending} autoFocus>
            {t('common:actions.cancel')}
          </Button>
          <Button variant="danger" onClick={() => void confirm()} busy={signOut.isPending}>
            {t('common:actions.signOut')}
          </Button>
        </>
      }
    >
      {signOut.error && (
        <div className="callout callout-danger" role="alert">
          <div>
            <p className="callout-title">{errorCopy(signOut.error.code).title}</p>
            <p>{signOut.error.message}</p>
          </div>
        </div>
      )}
    </Dialog>
  );
}
