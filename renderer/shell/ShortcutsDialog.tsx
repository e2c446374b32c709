// Keyboard shortcuts: `?` (outside a text field) or Help › Keyboard Shortcuts opens the list, built from the one
// table in shared/shortcuts.ts, grouped; the shared Dialog traps focus and Escape closes it. Also the page's
// own Mod+, (Settings), which the desktop app's menu performs there and the page performs in browser mode.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { comboKeys, matchesShortcut, SHORTCUT_GROUPS, SHORTCUTS, type Shortcut } from '../../shared/shortcuts';
import { Button } from '../components/Button';
import { Dialog } from '../components/Dialog';
import { isApplePlatform, rendererPlatform } from '../features/palette/shortcut';
import { useAppStatus } from '../state/app-status';
import { OPEN_SHORTCUTS_EVENT } from './menu-commands';

/** A key typed into a field is the field's: `?` opens the list only from elsewhere. */
function typingInField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** The shortcuts this window offers: the menu's only where there is the desktop app's menu. */
function shownShortcuts(mode: 'desktop' | 'browser'): Shortcut[] {
  return SHORTCUTS.filter((entry) => mode === 'desktop' || entry.by !== 'menu');
}

export function ShortcutsDialog() {
  const { t } = useTranslation('shell', { keyPrefix: 'shortcuts' });
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const mode = useAppStatus()?.mode ?? 'browser';
  const apple = useMemo(() => isApplePlatform(rendererPlatform()), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (matchesShortcut(event, 'shortcuts', apple) && !typingInField(event.target)) {
        event.preventDefault();
        setOpen(true);
      } else if (matchesShortcut(event, 'settings', apple)) {
        event.preventDefault();
        setOpen(false);
        void navigate('/settings');
      }
    };
    const onOpen = () => setOpen(true);
    window.addEventListener('keydown', onKey);
    window.addEventListener(OPEN_SHORTCUTS_EVENT, onOpen);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(OPEN_SHORTCUTS_EVENT, onOpen);
    };
  }, [apple, navigate]);

  const shown = shownShortcuts(mode);
  const keyName = (token: string) => (token in KEY_NAMES ? t(`keys.${token as keyof typeof KEY_NAMES}`) : token);
  return (
    <Dialog open={open} onClose={() => setOpen(false)} title={t('title')} description={t('description')} initialFocus="title" actions={<Button onClick={() => setOpen(false)}>{t('close')}</Button>}>
      <div className="shortcut-groups">
        {SHORTCUT_GROUPS.map((group) => {
          const entries = shown.filter((entry) => entry.group === group);
          if (entries.length === 0) return null;
          return (
            <table key={group} className="shortcut-table">
              <caption>{t(`groups.${group}`)}</caption>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id} data-shortcut={entry.id}>
                    <th scope="row">{t(`actions.${entry.id}`)}</th>
                    <td>
                      {entry.keys.map((combo, i) => (
                        <span key={combo}>
                          {i > 0 && <span className="muted"> {t('or')} </span>}
                          {comboKeys(combo, apple).map((token, j) => (
                            <span key={j}>
                              {j > 0 && '+'}
                              <kbd>{keyName(token)}</kbd>
                            </span>
                          ))}
                        </span>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          );
        })}
      </div>
    </Dialog>
  );
}

// The named keys the catalogue spells (shell:shortcuts.keys); letters and signs read as themselves.
const KEY_NAMES = { ArrowUp: 1, ArrowDown: 1, Home: 1, End: 1, PageUp: 1, PageDown: 1, Enter: 1, Escape: 1, Shift: 1 } as const;
