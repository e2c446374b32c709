// A menu button (WAI-ARIA menu pattern): Enter/Space/ArrowDown open it on its first item, arrows move,
// Home/End jump, Escape closes and returns focus to the button, Tab or a click outside closes it.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { nextFocusIndex } from '../lib/roving-focus';

interface MenuProps {
  /** The button's content. */
  trigger: ReactNode;
  /** The button's accessible name when its content is not enough. */
  label: string;
  triggerClassName?: string;
  /** Renders the items; `close` closes the menu (items call it after acting). */
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
  placement?: 'below' | 'above';
}

const ITEM_SELECTOR = '[role="menuitem"],[role="menuitemradio"]';

export function Menu({ trigger, label, triggerClassName, children, align = 'start', placement = 'below' }: MenuProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const focusOnOpen = useRef<'first' | 'last' | 'checked'>('checked');

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const all = items();
    const checked = all.findIndex((el) => el.getAttribute('aria-checked') === 'true');
    const target = focusOnOpen.current === 'last' ? all.length - 1 : focusOnOpen.current === 'checked' && checked >= 0 ? checked : 0;
    all[target]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const node = event.target as Node;
      if (!menuRef.current?.contains(node) && !buttonRef.current?.contains(node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusOnOpen.current = event.key === 'ArrowUp' ? 'last' : 'first';
      setOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key === 'Tab') {
      close(false);
      return;
    }
    const all = items();
    const next = nextFocusIndex(event.key, all.indexOf(document.activeElement as HTMLElement), all.length);
    if (next !== null) {
      event.preventDefault();
      all[next]?.focus();
    }
  };

  return (
    <div className="menu-anchor">
      <button
        ref={buttonRef}
        type="button"
        className={triggerClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => {
          focusOnOpen.current = 'checked';
          setOpen((o) => !o);
        }}
        onKeyDown={onButtonKeyDown}
      >
        {trigger}
      </button>
      {open && (
        <div ref={menuRef} id={menuId} role="menu" aria-label={label} className={`menu menu-${align} menu-${placement}`} onKeyDown={onMenuKeyDown}>
          {children(() => close())}
        </div>
      )}
    </div>
  );
}

interface MenuItemProps {
  onSelect: () => void;
  children: ReactNode;
  /** For a choice among several (the active school): a menuitemradio. */
  checked?: boolean;
  tone?: 'default' | 'danger';
}

export function MenuItem({ onSelect, children, checked, tone = 'default' }: MenuItemProps) {
  const radio = checked !== undefined;
  return (
    <button
      type="button"
      role={radio ? 'menuitemradio' : 'menuitem'}
      aria-checked={radio ? checked : undefined}
      tabIndex={-1}
      className={tone === 'danger' ? 'menu-item menu-item-danger' : 'menu-item'}
      onClick={onSelect}
    >
      {children}
    </button>
  );
}

export function MenuSeparator() {
  return <div role="separator" className="menu-separator" />;
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return (
    <div className="menu-label" role="presentation">
      {children}
    </div>
  );
}
