// The frame's header: who is signed in to which school, and the menu to switch schools, add one or sign
// out of the one on screen.
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AccountView } from '../../shared/model/accounts';
import { accountsNeedingAddress, shortAddress } from '../lib/account-addresses';
import { useAccounts, useActiveAccount, useSetActiveAccount } from '../state/active-account';
import { Avatar } from '../components/Avatar';
import { Icon } from '../components/Icon';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '../components/Menu';
import { accountStatusLabel } from '../components/StatusBadge';
import { SignOutDialog } from '../features/account/SignOutDialog';

export function AccountSwitcher() {
  const accounts = useAccounts();
  const active = useActiveAccount();
  const setActive = useSetActiveAccount();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState<AccountView | null>(null);
  const { t } = useTranslation('shell');
  if (!active) return null;
  // Two accounts with the same school name (the same school at an old and a new address): show where each is.
  const withAddress = accountsNeedingAddress(accounts);

  return (
    <div className="account-switcher">
      <Menu
        label={
          withAddress.has(active.id)
            ? t('switcher.labelAt', { school: active.school.name, address: shortAddress(active.issuer), admin: active.admin.name })
            : t('switcher.label', { school: active.school.name, admin: active.admin.name })
        }
        triggerClassName="account-trigger"
        trigger={
          <>
            <Avatar name={active.school.name} size={34} square />
            <span className="account-trigger-text">
              <span className="account-school" data-testid="active-school">
                {active.school.name}
              </span>{' '}
              <span className="account-admin" data-testid="active-admin">
                {active.admin.name}
              </span>
              {withAddress.has(active.id) && ' '}
              {withAddress.has(active.id) && <span className="account-admin mono">{shortAddress(active.issuer)}</span>}
            </span>
            {active.status !== 'signed_in' && <span className={`status-dot status-dot-${active.status}`} title={accountStatusLabel(active.status)} />}
            <Icon name="chevronsUpDown" size={16} className="account-trigger-chevron" />
          </>
        }
      >
        {(close) => (
          <>
            <MenuLabel>{t('switcher.schools')}</MenuLabel>
            {accounts.map((account) => (
              <MenuItem
                key={account.id}
                checked={account.id === active.id}
                onSelect={() => {
                  setActive(account.id);
                  close();
                }}
              >
                <Avatar name={account.school.name} size={24} square />
                <span className="menu-item-text">
                  <span className="menu-item-title">{account.school.name}</span>
                  {withAddress.has(account.id) && (
                    <span className="menu-item-sub mono" data-testid="account-address">
                      {shortAddress(account.issuer)}
                    </span>
                  )}
                  <span className="menu-item-sub">
                    {account.admin.name} · {accountStatusLabel(account.status)}
                  </span>
                </span>
                {account.id === active.id && <Icon name="check" size={16} className="menu-item-check" />}
              </MenuItem>
            ))}
            <MenuSeparator />
            <MenuItem
              onSelect={() => {
                close();
                navigate('/connect');
              }}
            >
              <Icon name="plus" size={16} />
              <span className="menu-item-title">{t('switcher.add')}</span>
            </MenuItem>
            <MenuItem
              tone="danger"
              onSelect={() => {
                close();
                setSigningOut(active);
              }}
            >
              <Icon name="signOut" size={16} />
              <span className="menu-item-title">{t('signOut.menuItem', { school: active.school.name })}</span>
            </MenuItem>
          </>
        )}
      </Menu>
      <SignOutDialog account={signingOut} onClose={() => setSigningOut(null)} />
    </div>
  );
}
