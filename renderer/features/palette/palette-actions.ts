// The app's actions the palette offers (go to each page, switch school, export orders, sign out, Settings,
// theme) and how they rank against what was typed: fuzzy, so "gtord" finds "Go to Orders". Pure: the
// component runs the chosen one.
import type { MatchQuality } from '../../../shared/model/search';
import { bestMatch, compareHits, fuzzySpan, normalizeText } from '../../../shared/search/ranking';

export type ActionRun =
  | { type: 'navigate'; to: string }
  | { type: 'switchSchool'; accountId: string }
  | { type: 'exportOrders' }
  | { type: 'signOut'; accountId: string }
  | { type: 'theme'; theme: 'system' | 'light' | 'dark' };

interface PaletteAction {
  id: string;
  title: string;
  subtitle: string;
  /** More words it answers to ("preferences" for Settings). */
  keywords: string[];
  run: ActionRun;
}

interface ActionContext {
  nav: readonly { to: string; label: string }[];
  accounts: readonly { id: string; school: { name: string }; admin: { name: string } }[];
  activeAccountId: string | null;
}

export function paletteActions(context: ActionContext): PaletteAction[] {
  const active = context.accounts.find((a) => a.id === context.activeAccountId) ?? null;
  return [
    ...context.nav.map((entry) => ({ id: `go:${entry.to}`, title: `Go to ${entry.label}`, subtitle: 'Page', keywords: [entry.label], run: { type: 'navigate', to: entry.to } as const })),
    { id: 'go:/settings', title: 'Settings', subtitle: 'Theme, schools, about, updates', keywords: ['preferences', 'options'], run: { type: 'navigate', to: '/settings' } },
    ...context.accounts
      .filter((a) => a.id !== context.activeAccountId)
      .map((a) => ({ id: `switch:${a.id}`, title: `Switch to ${a.school.name}`, subtitle: `School · ${a.admin.name}`, keywords: [a.school.name, 'switch school'], run: { type: 'switchSchool', accountId: a.id } as const })),
    { id: 'export:orders', title: 'Export orders as CSV', subtitle: 'Every order, as the Orders page shows them', keywords: ['export csv', 'download orders'], run: { type: 'exportOrders' } },
    ...(['light', 'dark', 'system'] as const).map((theme) => ({
      id: `theme:${theme}`,
      title: `Theme: ${theme === 'system' ? 'follow the system' : theme === 'light' ? 'Light' : 'Dark'}`,
      subtitle: 'Appearance',
      keywords: ['theme', theme, 'appearance'],
      run: { type: 'theme', theme } as const,
    })),
    ...(active ? [{ id: `signout:${active.id}`, title: `Sign out of ${active.school.name}`, subtitle: 'Asks first', keywords: ['sign out', 'log out'], run: { type: 'signOut', accountId: active.id } as const }] : []),
  ];
}

interface RankedAction {
  action: PaletteAction;
  match: MatchQuality;
}

/** The actions matching `text`, best first; all of them, in their order, for an empty text. */
export function rankActions(actions: readonly PaletteAction[], text: string): RankedAction[] {
  const query = normalizeText(text);
  if (query.length === 0) return actions.map((action) => ({ action, match: 'substring' }));
  const ranked: (RankedAction & { title: string; at: null; span: number })[] = [];
  for (const action of actions) {
    const match = bestMatch([action.title, ...action.keywords], query, { fuzzy: true });
    if (!match) continue;
    const span = match === 'fuzzy' ? Math.min(...[action.title, ...action.keywords].map((f) => fuzzySpan(normalizeText(f), query) ?? Infinity)) : 0;
    ranked.push({ action, match, title: action.title, at: null, span });
  }
  return ranked.sort(compareHits).map(({ action, match }) => ({ action, match }));
}
