// What the menu-bar item (macOS) or tray icon (Windows, Linux) shows, and the dock or taskbar badge, as
// plain data: the adapters (electron/adapters/tray.ts, badge.ts) only turn it into Electron calls. Today's
// glance (today/today-service.ts) gives each school's sales per currency (never two currencies added) and
// what needs the admin, each count opening Today's own link; the notifications the admin has not opened yet
// are counted apart. Words in the current UI language, money in its locale.
import { formatMoney } from '../../../shared/currency-units';
import { t } from '../../../shared/i18n/i18n';
import type { TodayGlance } from '../../../shared/ipc/today';

export type DesktopPlatform = 'darwin' | 'win32' | 'linux';

export interface TraySchool {
  accountId: string;
  schoolName: string;
  unseen: number;
  /** Today's glance (its sales so far and what needs the admin, Today's own figures); null: not read yet. */
  glance: TodayGlance | null;
}

type TrayAction = { type: 'open' } | { type: 'openSchool'; accountId: string; route: string } | { type: 'quit' };

export type TrayItem =
  | { type: 'header'; label: string }
  | { type: 'item'; label: string; action: TrayAction }
  | { type: 'info'; label: string }
  | { type: 'separator' };

interface TrayModel {
  tooltip: string;
  /** macOS shows a short title next to the menu-bar icon: the attention count, or nothing. */
  title: string;
  items: TrayItem[];
}

function attentionTotal(schools: readonly TraySchool[]): number {
  return schools.reduce((sum, s) => sum + s.unseen, 0);
}

export function trayModel(schools: readonly TraySchool[], platform: DesktopPlatform, locale = 'en-US'): TrayModel {
  const total = attentionTotal(schools);
  const items: TrayItem[] = [];
  if (schools.length === 0) items.push({ type: 'info', label: t('main:tray.noSchool') });
  for (const school of schools) {
    items.push({ type: 'header', label: school.schoolName });
    const sales = school.glance?.sales ?? null;
    if (sales === null) items.push({ type: 'info', label: t('main:tray.salesUnknown') });
    else if (sales.every((s) => s.orders === 0)) items.push({ type: 'info', label: t('main:tray.noSales') });
    else {
      for (const sale of sales.filter((s) => s.orders > 0)) {
        items.push({ type: 'info', label: t('main:tray.sales', { amount: formatMoney(sale.net, sale.currency, locale), count: sale.orders }) });
      }
    }
    // What needs the admin, as Today counts it: each opens the screen Today's count opens.
    for (const need of school.glance?.needs ?? []) {
      if (!need.count) continue;
      const label = t(`today:glance.${need.kind}`, { count: need.count, formatted: new Intl.NumberFormat(locale).format(need.count) });
      items.push({ type: 'item', label, action: { type: 'openSchool', accountId: school.accountId, route: need.route } });
    }
    if (school.unseen > 0) {
      items.push({ type: 'item', label: t('main:tray.attention', { count: school.unseen }), action: { type: 'openSchool', accountId: school.accountId, route: '/orders' } });
    }
    items.push({ type: 'separator' });
  }
  items.push({ type: 'item', label: t('main:tray.open'), action: { type: 'open' } });
  items.push({ type: 'item', label: platform === 'darwin' ? t('main:tray.quitApp') : t('main:tray.quit'), action: { type: 'quit' } });
  const tooltip = total === 0 ? t('common:appName') : t('main:tray.tooltipAttention', { count: total });
  return { tooltip, title: platform === 'darwin' && total > 0 ? String(total) : '', items };
}

interface BadgeModel {
  /** app.setBadgeCount (macOS dock, Linux Unity launchers); 0 clears it. */
  count: number;
  /** Windows: the taskbar overlay's text ('' = no overlay), and its accessible description. */
  overlayText: string;
  description: string;
}

export function badgeModel(total: number): BadgeModel {
  const count = Math.max(0, Math.floor(total));
  return {
    count,
    overlayText: count === 0 ? '' : count > 99 ? '99+' : String(count),
    description: count === 0 ? '' : t('main:tray.attention', { count }),
  };
}
