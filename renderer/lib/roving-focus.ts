// Which item of a menu or list gets focus for a key (WAI-ARIA menu pattern): arrows wrap, Home/End jump.
// Returns null for keys the pattern does not handle, so the caller lets them through.
export function nextFocusIndex(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : (current + 1) % count;
    case 'ArrowUp':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** Rows a PageUp/PageDown moves by in a table. */
const ROWS_PER_PAGE = 10;

// Which row of a table gets focus for a key (the grid pattern's row movement): arrows and PageUp/PageDown
// stop at the ends instead of wrapping, Home/End jump. Null for keys it does not handle.
export function nextRowIndex(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  const clamp = (i: number) => Math.max(0, Math.min(count - 1, i));
  switch (key) {
    case 'ArrowDown':
      return clamp(current + 1);
    case 'ArrowUp':
      return clamp(current - 1);
    case 'PageDown':
      return clamp(current + ROWS_PER_PAGE);
    case 'PageUp':
      return clamp(current - ROWS_PER_PAGE);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
