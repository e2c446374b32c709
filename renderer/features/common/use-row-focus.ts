// Arrow-key movement through a table's rows with one Tab stop (a roving tabindex), as in the Orders table:
// each row marks its focus target with `data-row-focus={index}`; only the current row's target is in the
// Tab order, the arrows, PageUp/PageDown and Home/End move focus between targets.
import { useCallback, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { nextRowIndex } from '../../lib/roving-focus';

interface RowFocus {
  /** The tabIndex of row `index`'s focus target. */
  tabIndex(index: number): 0 | -1;
  /** For the rows' container (tbody): moves focus on the keys above, lets every other key through. */
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
  /** For the rows' container: a target focused by click or Tab becomes the current row. */
  onFocus(event: FocusEvent<HTMLElement>): void;
}

export function useRowFocus(count: number): RowFocus {
  const [current, setCurrent] = useState(0);
  // The list can shrink under a filter: the last row then keeps the Tab stop.
  const active = Math.min(current, Math.max(0, count - 1));
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const from = targetIndex(event.target);
      if (from === null) return;
      const next = nextRowIndex(event.key, from, count);
      if (next === null) return;
      event.preventDefault();
      const target = event.currentTarget.querySelector<HTMLElement>(`[data-row-focus="${next}"]`);
      setCurrent(next);
      target?.focus();
      target?.scrollIntoView({ block: 'nearest' });
    },
    [count],
  );
  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const index = targetIndex(event.target);
    if (index !== null) setCurrent(index);
  }, []);
  return { tabIndex: (index) => (index === active ? 0 : -1), onKeyDown, onFocus };
}

function targetIndex(target: EventTarget): number | null {
  if (!(target instanceof HTMLElement) || !target.hasAttribute('data-row-focus')) return null;
  const index = Number(target.getAttribute('data-row-focus'));
  return Number.isInteger(index) ? index : null;
}
