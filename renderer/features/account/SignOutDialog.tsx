// Signing out asks first, then reports what the main process did: revoked on the platform, or only
// deleted here because the platform could not be reached.
import type { AccountView } from '../../../shared/model/accounts';
import { errorCopy } from '../../lib/error-copy';
import { useInvoke } from '../../lib/bridge-hooks';
import { useNotices } from '../../state/notices';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';

export function SignOutDialog({ account, onClose }: { account: AccountView | null; onClose: () => void }) {
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
      push({ tone: result.revokedOnPlatform ? 'success' : 'warning', title: `Signed out of ${account.school.name}`, message: result.message });
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
      title={`Sign out of ${account.school.name}?`}
      description={
        <p>
          The app tells {account.school.name} to end its access, then deletes the sign-in and the data it saved for this school from this computer. You can
          connect it again at any time.
        </p>
      }
      actions={
        <>
          <Button onClick={close} disabled={signOut.isPending} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} busy={signOut.isPending}>
            Sign out
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
