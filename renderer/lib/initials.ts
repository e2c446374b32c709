// Two letters for an avatar when the platform gives no picture (or we choose not to load a remote one:
// the CSP allows no remote images).
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter((w) => w.length > 0);
  if (words.length === 0) return '?';
  const first = [...words[0]!][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]!][0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}
