// The school's platform moved (npm start's demo platform found its old port taken): say where it is now and
// offer Reconnect, which re-points the account without signing in from scratch.
import type { AccountView } from '../../shared/model/accounts';
import { shortAddress } from '../lib/account-addresses';
import { Button } from '../components/Button';
import { Icon } from '../components/Icon';

export function MovedPlatformBanner({ account, address, onReconnect }: { account: AccountView; address: string; onReconnect: () => void }) {
  return (
    <div className="banner banner-warning" role="status">
      <Icon name="alert" size={18} />
      <p className="banner-text">
        <strong>{account.school.name} moved to {shortAddress(address)}.</strong> It was at {shortAddress(account.issuer)}, which no longer answers. Reconnect to
        carry on with your saved data, usually without signing in again.
      </p>
      <Button size="sm" variant="primary" onClick={onReconnect}>
        Reconnect
      </Button>
    </div>
  );
}
