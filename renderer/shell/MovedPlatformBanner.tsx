// The school's platform moved (npm start's demo platform found its old port taken): say where it is now and
// offer Reconnect, which re-points the account without signing in from scratch.
import { Trans, useTranslation } from 'react-i18next';
import type { AccountView } from '../../shared/model/accounts';
import { shortAddress } from '../lib/account-addresses';
import { Button } from '../components/Button';
import { Icon } from '../components/Icon';

export function MovedPlatformBanner({ account, address, onReconnect }: { account: AccountView; address: string; onReconnect: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <div className="banner banner-warning" role="status">
      <Icon name="alert" size={18} />
      <p className="banner-text">
        <Trans t={t} i18nKey="banner.moved" values={{ school: account.school.name, address: shortAddress(address), former: shortAddress(account.issuer) }} components={{ strong: <strong /> }} />
      </p>
      <Button size="sm" variant="primary" onClick={onReconnect}>
        {t('common:actions.reconnect')}
      </Button>
    </div>
  );
}
