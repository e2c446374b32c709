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
