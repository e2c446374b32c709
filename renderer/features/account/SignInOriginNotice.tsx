// Where tokens may go (docs/security.md): when the school's platform signs in on another site, the admin
// is told which one before the browser opens, so the address bar can be checked before typing a password.
import { Icon } from '../../components/Icon';

export function SignInOriginNotice({ origin }: { origin: string }) {
  return (
    <div className="callout callout-neutral sign-in-origin" role="note" data-testid="sign-in-origin">
      <Icon name="info" size={18} />
      <div>
        <p className="callout-title">Your school signs in on another site</p>
        <p>
          The sign-in page is at <span className="mono">{origin}</span>, not at your school's own address. Check that your browser shows this address
          before you type your password.
        </p>
      </div>
    </div>
  );
}
