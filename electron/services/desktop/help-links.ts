// The Help menu's links come from package.json (`homepage`, `bugs`), checked like every link the app
// hands to the system browser: a bad value leaves the item out instead of opening something else.
import { checkExternalUrl } from '../security/external-url';

export interface HelpLinks {
  helpUrl: string | null;
  issuesUrl: string | null;
}

export function helpLinks(manifest: unknown): HelpLinks {
  const pkg = (typeof manifest === 'object' && manifest !== null ? manifest : {}) as { homepage?: unknown; bugs?: unknown };
  const bugs = typeof pkg.bugs === 'string' ? pkg.bugs : typeof pkg.bugs === 'object' && pkg.bugs !== null ? (pkg.bugs as { url?: unknown }).url : undefined;
  return { helpUrl: checked(pkg.homepage), issuesUrl: checked(bugs) };
}

function checked(raw: unknown): string | null {
  const result = checkExternalUrl(raw);
  return result.ok ? result.url : null;
}
