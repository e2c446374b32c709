// Initials on a calm colour picked from the name, so each school/admin is recognisable at a glance. No
// remote picture: the CSP allows only the app's own images.
import { initialsOf } from '../lib/initials';

function hueOf(text: string): number {
  let hash = 0;
  for (const ch of text) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return hash % 360;
}

export function Avatar({ name, size = 32, square = false }: { name: string; size?: number; square?: boolean }) {
  return (
    <span
      className={square ? 'avatar avatar-square' : 'avatar'}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4), ['--avatar-hue' as string]: hueOf(name) }}
      aria-hidden="true"
      // Drawn by CSS (::before), not as text: the initials are decoration, and a control holding an avatar
      // is named by the words beside it (WCAG 2.5.3 compares a name with the text a control shows).
      data-initials={initialsOf(name)}
    />
  );
}
