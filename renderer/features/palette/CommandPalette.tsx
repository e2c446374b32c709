// The command palette (Ctrl+K, Cmd+K on the Mac; or the window event the application menu dispatches): one
// field that finds orders, courses and coupons in the school's local copies (`search.query`, answered by the
// main process without the platform, so offline too) and the app's actions. A WAI-ARIA combobox over a
// grouped listbox in a modal dialog: the arrows, PageUp/PageDown and Home/End move the active option, Enter
// opens it, Escape closes and gives focus back to where it was.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { AccountView } from '../../../shared/model/accounts';
import type { SearchAnswer, SearchHit } from '../../../shared/model/search';
import { normalizeText, orderGroups, type GroupKind } from '../../../shared/search/ranking';
import { Icon, type IconName } from '../../components/Icon';
import { invoke } from '../../lib/bridge-hooks';
import { useAccounts, useActiveAccount, useSetActiveAccount } from '../../state/active-account';
import { useAppStatus } from '../../state/app-status';
import { useSetTheme } from '../../state/settings';
import { SignOutDialog } from '../account/SignOutDialog';
import { useDebounced } from '../common/use-debounced';
import { formatCount, formatDateTime } from '../../lib/format';
import { useLocale } from '../common/use-locale';
import { dashboardNav } from '../routes';
import { paletteActions, rankActions, type ActionRun } from './palette-actions';
import { usePaletteStore, type PickTarget, type RecentPick } from './palette-store';
import { describeSearched, groupLabel } from './palette-words';
import { isApplePlatform, isPaletteShortcut, OPEN_PALETTE_EVENT, rendererPlatform, shortcutLabel } from './shortcut';
import { ariaKeyShortcuts } from '../../../shared/shortcuts';
import './palette.css';

const LIMIT = 6;
/** How often an answer missing a copy not saved yet is asked again while the palette is open. */
const NOT_SAVED_AGAIN_MS = 2000;
/** Options PageUp/PageDown move by: about what the list shows at 1280×720. */
const PAGE = 8;
const ICONS: Record<GroupKind | 'recent', IconName> = { order: 'orders', student: 'school', course: 'courses', coupon: 'coupon', action: 'arrowRight', recent: 'history' };

interface Item {
  key: string;
  group: GroupKind | 'recent';
  title: string;
  subtitle: string;
  /** A date shown at the end (an order's paid time). */
  at: string | null;
  target: PickTarget;
}

interface Section {
  group: GroupKind | 'recent';
  items: Item[];
  /** Matches before the limit, when more than shown. */
  total?: number;
}

/** Where a record opens. */
function recordPath(kind: SearchHit['kind'], id: string, title: string): string {
  switch (kind) {
    case 'order':
      return `/orders/${encodeURIComponent(id)}`;
    case 'course':
      return `/courses/${encodeURIComponent(id)}`;
    case 'coupon':
      return `/coupons?code=${encodeURIComponent(title)}`;
    case 'student':
      return `/students/${encodeURIComponent(id)}`;
  }
}

export function CommandPalette() {
  const open = usePaletteStore((s) => s.open);
  const setOpen = usePaletteStore((s) => s.setOpen);
  const apple = useMemo(() => isApplePlatform(rendererPlatform()), []);
  const [signingOut, setSigningOut] = useState<AccountView | null>(null);
  const accounts = useAccounts();
  const { t } = useTranslation('palette');

  useEffect(() => {
    // Capture: the shortcut works from inside any field, before the field's own handlers see the key.
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!isPaletteShortcut(event, apple)) return;
      event.preventDefault();
      event.stopPropagation();
      setOpen(!usePaletteStore.getState().open);
    };
    const onOpen = () => setOpen(true);
    window.addEventListener('keydown', onKey, true);
    window.addEventListener(OPEN_PALETTE_EVENT, onOpen);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener(OPEN_PALETTE_EVENT, onOpen);
    };
  }, [apple, setOpen]);

  return (
    <>
      <button type="button" className="palette-trigger" onClick={() => setOpen(true)} aria-keyshortcuts={ariaKeyShortcuts('palette', apple)}>
        <Icon name="search" size={16} />
        <span>{t('trigger')}</span>
        <kbd>{shortcutLabel(apple)}</kbd>
      </button>
      {open && (
        <PaletteDialog
          onClose={() => setOpen(false)}
          onSignOut={(accountId) => setSigningOut(accounts.find((a) => a.id === accountId) ?? null)}
        />
      )}
      <SignOutDialog account={signingOut} onClose={() => setSigningOut(null)} />
    </>
  );
}

function PaletteDialog({ onClose, onSignOut }: { onClose: () => void; onSignOut: (accountId: string) => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const pendingEnter = useRef(false);
  const ids = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const account = useActiveAccount();
  const accounts = useAccounts();
  const setActive = useSetActiveAccount();
  const setTheme = useSetTheme();
  const status = useAppStatus();
  const locale = useLocale();
  const { t } = useTranslation('palette');
  const remember = usePaletteStore((s) => s.remember);
  const recent = usePaletteStore((s) => (account ? s.recent[account.id] : undefined)) ?? [];
  const [text, setText] = useState('');
  const [active, setActiveIndex] = useState(0);
  const query = normalizeText(text);
  const debounced = useDebounced(query, 90);

  const search = useQuery<SearchAnswer>({
    queryKey: ['search.query', account?.id ?? '', debounced],
    queryFn: () => invoke('search.query', { accountId: account?.id ?? '', text: debounced, limit: LIMIT }),
    enabled: account !== null && debounced.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 60_000,
    retry: false,
    // A copy not saved yet may be on its way (a school's first sync ends without telling the screens): asked
    // again while the palette is open, so its answer follows the copies as they arrive.
    refetchInterval: (q) => (q.state.data?.sources.some((s) => s.state === 'not_saved') ? NOT_SAVED_AGAIN_MS : false),
  });
  const answer = query.length > 0 ? search.data : undefined;
  /** The records on screen belong to what is typed now (not to an earlier text still shown while the next is asked). */
  const current = answer !== undefined && normalizeText(answer.text) === query;

  const actions = useMemo(
    () => paletteActions({ nav: dashboardNav, accounts, activeAccountId: account?.id ?? null }),
    // The language too: the actions' words are the UI language's.
    [accounts, account?.id, locale.locale],
  );

  const sections: Section[] = useMemo(() => {
    const actionItem = (a: (typeof actions)[number]): Item => ({ key: `action:${a.id}`, group: 'action', title: a.title, subtitle: a.subtitle, at: null, target: { type: 'action', run: a.run } });
    if (query.length === 0) {
      const recentItems = recent.map((r): Item => ({ key: `recent:${r.key}`, group: 'recent', title: r.title, subtitle: r.subtitle, at: null, target: r.target }));
      return [...(recentItems.length ? [{ group: 'recent' as const, items: recentItems }] : []), { group: 'action' as const, items: actions.map(actionItem) }];
    }
    const ranked = rankActions(actions, query);
    const groups = orderGroups([
      ...(answer?.groups ?? []).map((g) => ({ kind: g.kind as GroupKind, hits: g.hits })),
      { kind: 'action' as const, hits: ranked.map((r) => ({ match: r.match, action: r.action })) },
    ]);
    const totals = new Map((answer?.groups ?? []).map((g) => [g.kind as GroupKind, g.total]));
    return groups.map((g) => ({
      group: g.kind,
      total: totals.get(g.kind),
      items:
        g.kind === 'action'
          ? (g.hits as { action: (typeof actions)[number] }[]).map((h) => actionItem(h.action))
          : (g.hits as SearchHit[]).map((h): Item => ({ key: `${h.kind}:${h.id}`, group: h.kind, title: h.title, subtitle: h.subtitle, at: h.kind === 'order' ? h.at : null, target: { type: 'record', kind: h.kind, id: h.id } })),
    }));
  }, [query, recent, actions, answer]);
  const items = useMemo(() => sections.flatMap((s) => s.items), [sections]);
  const optionId = (k: number) => `${ids}-option-${k}`;
  const activeItem = items[Math.min(active, items.length - 1)] ?? null;

  // Open modal at once, remembering where focus was to give it back.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    inputRef.current?.focus();
    return () => {
      // Closed from outside (Ctrl+K again): focus goes back as it does on Escape.
      if (!dialog.open) return;
      dialog.close();
      if (openerRef.current?.isConnected) openerRef.current.focus();
    };
  }, []);

  // A new list: the first option is the active one.
  useEffect(() => setActiveIndex(0), [query, answer]);

  // Enter pressed before the records for the typed text arrived: open the best one once they are here.
  useEffect(() => {
    if (pendingEnter.current && (current || search.isError)) {
      pendingEnter.current = false;
      if (items[0]) choose(items[0]);
    }
  });

  useEffect(() => {
    if (!activeItem) return;
    document.getElementById(optionId(items.indexOf(activeItem)))?.scrollIntoView({ block: 'nearest' });
  }, [activeItem]);

  function close(): void {
    dialogRef.current?.close();
    const opener = openerRef.current;
    if (opener?.isConnected) opener.focus();
    onClose();
  }

  function run(runAction: ActionRun): void {
    switch (runAction.type) {
      case 'navigate':
        if (location.pathname !== runAction.to) navigate(runAction.to);
        return;
      case 'switchSchool':
        setActive(runAction.accountId);
        return;
      case 'exportOrders':
        navigate('/orders?export=csv');
        return;
      case 'theme':
        setTheme(runAction.theme);
        return;
      case 'signOut':
        onSignOut(runAction.accountId);
        return;
    }
  }

  function choose(item: Item): void {
    if (account) remember(account.id, { key: item.key.replace(/^recent:/, ''), title: item.title, subtitle: item.subtitle, target: item.target } satisfies RecentPick);
    // Focus goes back first: a new page then moves it to its title, a drawer takes it and returns it here.
    close();
    if (item.target.type === 'action') run(item.target.run);
    else navigate(recordPath(item.target.kind, item.target.id, item.title));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    const last = items.length - 1;
    const move = (to: number) => {
      event.preventDefault();
      if (last >= 0) setActiveIndex(Math.max(0, Math.min(last, to)));
    };
    const at = activeItem ? items.indexOf(activeItem) : 0;
    switch (event.key) {
      case 'ArrowDown':
        return move(at >= last ? 0 : at + 1);
      case 'ArrowUp':
        return move(at <= 0 ? last : at - 1);
      case 'PageDown':
        return move(at + PAGE);
      case 'PageUp':
        return move(at - PAGE);
      case 'Home':
        return move(0);
      case 'End':
        return move(last);
      case 'Enter':
        event.preventDefault();
        if (query.length > 0 && !current && !search.isError) pendingEnter.current = true;
        else if (activeItem) choose(activeItem);
        return;
    }
  }

  const offline = status?.online === false;
  // Not while the same text is asked again in the background: the answer on screen stays its answer.
  const searching = query.length > 0 && !current;
  const noMatch = query.length > 0 && current && items.length === 0;
  let index = -1;

  return (
    <dialog
      ref={dialogRef}
      className="dialog palette"
      aria-label={t('dialog')}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === dialogRef.current) close(); // the backdrop
      }}
    >
      <div className="palette-field">
        <Icon name="search" size={18} />
        <input
          ref={inputRef}
          className="palette-input"
          type="text"
          role="combobox"
          aria-label={t('input')}
          aria-expanded={items.length > 0}
          aria-controls={`${ids}-list`}
          aria-autocomplete="list"
          aria-activedescendant={activeItem ? optionId(items.indexOf(activeItem)) : undefined}
          aria-describedby={`${ids}-status`}
          placeholder={t('placeholder')}
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {searching && <span className="palette-busy" aria-hidden="true" />}
        <kbd className="palette-esc">{t('escKey')}</kbd>
      </div>
      <div ref={listRef} id={`${ids}-list`} role="listbox" aria-label={t('results')} className="palette-list">
        {sections.map((section) => (
          <div key={section.group} role="group" aria-labelledby={`${ids}-group-${section.group}`} className="palette-group" data-group={section.group}>
            <div id={`${ids}-group-${section.group}`} className="palette-group-label" role="presentation">
              {groupLabel(section.group)}
              {section.total !== undefined && section.total > section.items.length && (
                <span className="palette-group-count">
                  {' '}
                  · {t('groupCount', { shown: formatCount(section.items.length, locale.locale), total: formatCount(section.total, locale.locale) })}
                </span>
              )}
            </div>
            {section.items.map((item) => {
              index++;
              const k = index;
              const selected = item === activeItem;
              return (
                <div
                  key={item.key}
                  id={optionId(k)}
                  role="option"
                  aria-selected={selected}
                  className={selected ? 'palette-option is-active' : 'palette-option'}
                  data-kind={item.target.type === 'record' ? item.target.kind : 'action'}
                  onMouseMove={() => !selected && setActiveIndex(k)}
                  onMouseDown={(event) => event.preventDefault()} // keep focus in the field
                  onClick={() => choose(item)}
                >
                  <Icon name={ICONS[item.group]} size={16} className="palette-option-icon" />
                  <span className="palette-option-text">
                    <span className="palette-option-title">{item.title}</span>
                    {item.subtitle && <span className="palette-option-sub">{item.subtitle}</span>}
                  </span>
                  {item.at && <span className="palette-option-meta">{formatDateTime(item.at, locale)}</span>}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {noMatch && (
        <p className="palette-empty" role="status">
          {t('noMatch', { text: text.trim() })}
        </p>
      )}
      {search.isError && query.length > 0 && (
        <p className="palette-empty" role="alert">
          {t('failed', { reason: (search.error as { message?: string }).message ?? t('failedReason') })}
        </p>
      )}
      <p id={`${ids}-status`} className="palette-status" data-testid="palette-searched" aria-live="polite">
        {query.length === 0
          ? t('idle')
          : answer
            ? describeSearched(answer.sources, Date.now(), offline)
            : t('searching')}
      </p>
    </dialog>
  );
}
