// The frame around every signed-in screen: skip link, sidebar (school and admin with the switcher, the
// navigation, settings and status), the banner for the account's state, and the dashboards' outlet.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useMatches, useNavigationType } from 'react-router';
import { dashboardNav } from '../features/routes';
import { OutboxCount } from '../features/writes/OutboxCount';
import { Icon, type IconName } from '../components/Icon';
import { AccountBanner } from './AccountBanner';
import { AccountSwitcher } from './AccountSwitcher';
import { AppStatusLine } from './AppStatusLine';
import { BrandMark } from './BrandMark';
import { LaunchSchoolOffer } from './LaunchSchoolOffer';
import { CommandPalette } from '../features/palette/CommandPalette';
import { ShortcutsDialog } from './ShortcutsDialog';
import { useActiveAccount } from '../state/active-account';

const NAV_ICONS: Record<string, IconName> = { '/courses': 'courses', '/orders': 'orders', '/analytics': 'analytics', '/coupons': 'coupon', '/subscriptions': 'repeat', '/activity': 'history', '/students': 'users', '/members': 'member', '/explore': 'grid' };

export function SignedInFrame() {
  const mainRef = useRef<HTMLElement>(null);
  const navigationType = useNavigationType();
  const page = pageOf(useMatches());
  const shownPage = useRef<string | null>(null);
  // Re-rendered on a language change, so the navigation's words follow.
  const { t } = useTranslation(['common', 'shell']);

  // After the admin navigates (a link, back/forward), move focus to the new page's title so keyboard and
  // screen-reader users land on it (a single-page app does not do this by itself). Not on the first screen
  // and not on redirects or replaced URLs (filters kept in the address), which the admin did not ask for.
  // Opening or closing an overlay route (an order's drawer) is no new page: the overlay takes focus and gives
  // it back to what opened it.
  useEffect(() => {
    const previous = shownPage.current;
    shownPage.current = page;
    if (previous === null || previous === page) return;
    if (navigationType === 'REPLACE') return;
    const main = mainRef.current;
    const heading = main?.querySelector<HTMLElement>('h1');
    if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    (heading ?? main)?.focus({ preventScroll: false });
    // Runs when the page changes; navigationType is read as it was for that navigation.
  }, [page, navigationType]);

  return (
    <div className="frame">
      <button type="button" className="skip-link" onClick={() => mainRef.current?.focus()}>
        {t('shell:skipToContent')}
      </button>
      <aside className="sidebar">
        <div className="sidebar-brand">
          <BrandMark size={22} />
          <span>School Companion</span>
        </div>
        <AccountSwitcher />
        <CommandPalette />
        <ShortcutsDialog />
        <nav className="nav" aria-label={t('nav.main')}>
          <ul>
            {dashboardNav.map((entry) => (
              <li key={entry.to}>
                <NavLink to={entry.to} className="nav-link">
                  <Icon name={NAV_ICONS[entry.to] ?? entry.icon ?? 'inbox'} size={18} />
                  <span>{entry.label}</span>
                  {entry.to === '/activity' && <OutboxCount />}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sidebar-footer">
          <ul className="nav">
            <li>
              <NavLink to="/settings" className="nav-link">
                <Icon name="settings" size={18} />
                <span>{t('nav.settings')}</span>
              </NavLink>
            </li>
          </ul>
          <AppStatusLine />
        </div>
      </aside>
      <div className="frame-main">
        <LaunchSchoolOffer />
        <AccountBanner />
        <main id="main" className="frame-content" ref={mainRef} tabIndex={-1}>
          <PrintedSchool />
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** The page on screen: the deepest route that is not an overlay (`handle: { overlay: true }`) over it. */
function pageOf(matches: ReturnType<typeof useMatches>): string {
  const pages = matches.filter((m) => !(m.handle as { overlay?: boolean } | undefined)?.overlay);
  return pages[pages.length - 1]?.pathname ?? '';
}

/** On paper only (Print, Save as PDF): the school the page is about, since the sidebar that names it is not printed. */
function PrintedSchool() {
  const account = useActiveAccount();
  if (!account) return null;
  return (
    <p className="print-only print-school" aria-hidden="true">
      {account.school.name}
    </p>
  );
}
