// The app's actions the palette offers (go to each page, switch school, export orders, sign out, Settings,
// theme) and how they rank against what was typed: fuzzy, so "gtord" finds "Go to Orders". Pure: the
// component runs the chosen one.
import { t } from '../../../shared/i18n/i18n';
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

/** The English words and the UI language's (a catalogue entry of comma-separated words): either finds the action. */
function keywords(english: readonly string[], translated: string): string[] {
  const words = translated.split(',').map((w) => w.trim());
  return [...new Set([...english, ...words])].filter((w) => w !== '');
}

/** The actions in the realm's UI language (titles, subtitles and the words they answer to). */
export function paletteActions(context: ActionContext): PaletteAction[] {
  const active = context.accounts.find((a) => a.id === context.activeAccountId) ?? null;
  return [
    ...context.nav.map((entry) => ({ id: `go:${entry.to}`, title: t('palette:actions.goTo', { page: entry.label }), subtitle: t('palette:actions.page'), keywords: [entry.label], run: { type: 'navigate', to: entry.to } as const })),
    { id: 'go:/settings', title: t('palette:actions.settings'), subtitle: t('palette:actions.settingsSub'), keywords: keywords(['preferences', 'options'], t('palette:actions.settingsKeywords')), run: { type: 'navigate', to: '/settings' } },
    ...context.accounts
      .filter((a) => a.id !== context.activeAccountId)
      .map((a) => ({
        id: `switch:${a.id}`,
        title: t('palette:actions.switchTo', { school: a.school.name }),
        subtitle: t('palette:actions.switchSub', { admin: a.admin.name }),
        keywords: [a.school.name, ...keywords(['switch school'], t('palette:actions.switchKeywords'))],
        run: { type: 'switchSchool', accountId: a.id } as const,
      })),
    { id: 'export:orders', title: t('palette:actions.exportOrders'), subtitle: t('palette:actions.exportOrdersSub'), keywords: keywords(['export csv', 'download orders'], t('palette:actions.exportKeywords')), run: { type: 'exportOrders' } },
    ...(['light', 'dark', 'system'] as const).map((theme) => ({
      id: `theme:${theme}`,
      title: t(`palette:actions.theme.${theme}`),
      subtitle: t('palette:actions.themeSub'),
      keywords: [theme, ...keywords(['theme', 'appearance'], t('palette:actions.themeKeywords'))],
      run: { type: 'theme', theme } as const,
    })),
    ...(active
      ? [{ id: `signout:${active.id}`, title: t('palette:actions.signOut', { school: active.school.name }), subtitle: t('palette:actions.signOutSub'), keywords: keywords(['sign out', 'log out'], t('palette:actions.signOutKeywords')), run: { type: 'signOut', accountId: active.id } as const }]
      : []),
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
