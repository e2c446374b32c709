// The virtualized, keyboard-driven table both big lists use (Orders, Students): only the rows in view (plus
// overscan) are rendered; one row is the table's single Tab stop; arrow keys, PageUp/Down and Home/End move the
// focus (lib/roving-focus.ts), scrolling the row into view and focusing it as soon as it is rendered; the rows to
// ask the engine for are the view plus a margin, rounded out to blocks. Each page keeps its own row keys
// (Enter opens an order, Space selects a student) and cells.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { BLOCK_SIZE } from '../../data/windowed-list';
import { nextRowIndex } from '../../lib/roving-focus';

/** Rows beyond the view whose block is asked for already, so a slow scroll rarely shows "Loading…". */
const MARGIN = 50;

export type VirtualRows = ReturnType<typeof useVirtualRows>;

export function useVirtualRows(total: number, rowHeight: number) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  // No flushSync per scroll event: react-virtual's default renders synchronously inside every scroll
  // event, which made each one a long task; React batches these renders into the next frame instead.
  const virtualizer = useVirtualizer({ count: total, getScrollElement: () => scrollRef.current, estimateSize: () => rowHeight, overscan: 12, useFlushSync: false });
  const items = virtualizer.getVirtualItems();
  // Ask for more rows only when the view (plus a margin) reaches another block.
  const firstBlock = Math.floor(Math.max(0, (items[0]?.index ?? 0) - MARGIN) / BLOCK_SIZE);
  const lastBlock = Math.floor(((items[items.length - 1]?.index ?? 0) + MARGIN) / BLOCK_SIZE);

  useEffect(() => {
    if (focusIndex >= total && total > 0) setFocusIndex(total - 1);
  }, [total, focusIndex]);

  // The handlers are stable (rows are memoised) and read the latest count and virtualizer through this ref.
  const latest = useRef({ total, virtualizer });
  useEffect(() => {
    latest.current = { total, virtualizer };
  });
  // A row out of the rendered range is only rendered a frame or two after the scroll (renders are
  // asynchronous): it gets the focus in the first commit that has it.
  const pendingFocus = useRef<number | null>(null);
  const focusRow = useCallback((index: number) => {
    const clamped = Math.max(0, Math.min(latest.current.total - 1, index));
    setFocusIndex(clamped);
    latest.current.virtualizer.scrollToIndex(clamped, { align: 'auto' });
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${clamped}"]`);
    pendingFocus.current = row ? null : clamped;
    row?.focus();
  }, []);
  useLayoutEffect(() => {
    if (pendingFocus.current === null) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${pendingFocus.current}"]`);
    if (!row) return;
    pendingFocus.current = null;
    row.focus();
  });
  /** Moves the focus for a navigation key; false for any other key (the page's own keys). */
  const moveFocus = useCallback(
    (index: number, key: string): boolean => {
      const next = nextRowIndex(key, index, latest.current.total);
      if (next === null) return false;
      focusRow(next);
      return true;
    },
    [focusRow],
  );

  return {
    total,
    scrollRef,
    virtualizer,
    items,
    focusIndex,
    setFocusIndex,
    moveFocus,
    /** The rows to read: the blocks covering the view and its margin. */
    first: firstBlock * BLOCK_SIZE,
    last: lastBlock * BLOCK_SIZE + BLOCK_SIZE - 1,
  };
}
