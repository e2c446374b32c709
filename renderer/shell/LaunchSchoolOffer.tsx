// `npm start -- --school URL` while the app is signed in to other schools: the named school is offered.
// (When it is already connected, the main process put it on screen at start.) "Not now" lasts this launch.
import { Trans, useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isConnectedAt, shortAddress } from '../lib/account-addresses';
import { useAccounts } from '../state/active-account';
import { useAppStatus } from '../state/app-status';
import { Button } from '../components/Button';
import { Icon } from '../components/Icon';

const DISMISSED_KEY = 'sc.launchSchoolDismissed';

export function LaunchSchoolOffer() {
  const school = useAppStatus()?.defaultSchool ?? null;
  const accounts = useAccounts();
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState(() => readDismissed());
  const { t } = useTranslation('shell', { keyPrefix: 'banner' });
  if (!school?.named || accounts.length === 0 || dismissed === school.address || isConnectedAt(accounts, school.address)) return null;
  return (
    <div className="banner banner-neutral" role="region" aria-label={t('launchRegion')}>
      <Icon name="school" size={18} />
      <p className="banner-text">
        <Trans t={t} i18nKey="launch" values={{ address: shortAddress(school.address) }} components={{ strong: <strong /> }} />
      </p>
      <Button size="sm" variant="primary" onClick={() => navigate('/connect')}>
        {t('connectIt')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => {
          writeDismissed(school.address);
          setDismissed(school.address);
        }}
      >
        {t('notNow')}
      </Button>
    </div>
  );
}

function readDismissed(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

function writeDismissed(address: string): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, address);
  } catch {
    // Storage refused: the offer is dismissed for this page only.
  }
}
