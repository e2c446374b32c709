// The currency a one-currency-at-a-time screen shows (Courses, Analytics, Subscriptions, Coupons), by the one
// rule of shared/currency-choice.ts: the admin's choice for this school (kept in settings, so it survives a
// restart and holds on every screen), else the currency with the largest net revenue in the dashboards'
// range, the school's own on a tie.
import { useCallback, useMemo } from 'react';
import { t } from '../../../shared/i18n/i18n';
import { rankCurrencies, shownCurrency } from '../../../shared/currency-choice';
import { useDataQuery } from '../../data/hooks';
import { invoke } from '../../lib/bridge-hooks';
import { useActiveAccount } from '../../state/active-account';
import { useSchoolProfile } from '../../state/business-time';
import { useNotices } from '../../state/notices';
import { useUiStore } from '../../state/ui-store';
import { useDashboardRange } from './range-store';

interface ShownCurrency {
  /** The screen's currencies in the order offered (tabs, options). */
  currencies: string[];
  /** Null only when the screen has no currency at all. */
  currency: string | null;
  choose(currency: string): void;
}

export function useShownCurrency(available: readonly string[]): ShownCurrency {
  const account = useActiveAccount();
  const { school } = useSchoolProfile();
  const { from, to, timeZone } = useDashboardRange();
  // The school's net revenue per currency in the range (the Sales definition), whatever the screen shows:
  // every screen ranks by the same figures, so they agree. Never a sync of every order just for this: until
  // the orders are synced, a platform without a sales report ranks by the school's currency alone.
  const sales = useDataQuery('data.sales.report', account ? { accountId: account.id, from, to, interval: 'month', timeZone, withoutSync: true } : null);
  const nets = sales.data?.data.currencies;
  const key = available.join(',');
  const currencies = useMemo(
    () => rankCurrencies(key === '' ? [] : key.split(','), (nets ?? []).map((c) => ({ currency: c.currency, net: c.current.net })), school?.currency ?? null),
    [key, nets, school?.currency],
  );
  const chosen = useUiStore((s) => (account ? s.shownCurrencies[account.id] : undefined));
  const setShown = useUiStore((s) => s.setShownCurrencies);
  const push = useNotices((s) => s.push);
  const accountId = account?.id ?? null;
  const choose = useCallback(
    (currency: string) => {
      if (!accountId) return;
      const before = useUiStore.getState().shownCurrencies;
      const next = { ...before, [accountId]: currency };
      setShown(next);
      invoke('settings.set', { shownCurrencies: next }).catch(() => {
        push({ tone: 'warning', title: t('common:currency.saveFailed'), message: t('common:currency.saveFailedBody') });
      });
    },
    [accountId, setShown, push],
  );
  return { currencies, currency: shownCurrency(currencies, chosen), choose };
}
