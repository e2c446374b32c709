// The command line the app understands, the same for Electron and the browser host: --school <address>
// (preselect a school; the Connect screen offers it), --school-label, --school-former <address> (repeatable:
// where that same platform was before, so accounts there can be re-pointed), --school-named (the person
// named the school on `npm start`'s command line: offer it even when signed in), --school-data-remade (`npm
// start`'s demo platform made that school's records afresh for a new day: drop what was saved of them), --port,
// --no-open.
interface LaunchArgs {
  school?: string;
  schoolLabel?: string;
  formerSchoolAddresses: string[];
  schoolNamed: boolean;
  schoolDataRemade: boolean;
  port?: number;
  open: boolean;
}

export function parseLaunchArgs(argv: readonly string[]): LaunchArgs {
  const out: LaunchArgs = { open: true, formerSchoolAddresses: [], schoolNamed: false, schoolDataRemade: false };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++index];
    switch (name) {
      case '--school': {
        const school = value();
        if (school) out.school = school;
        break;
      }
      case '--school-label': {
        const label = value();
        if (label) out.schoolLabel = label;
        break;
      }
      case '--school-former': {
        const former = value();
        if (former) out.formerSchoolAddresses.push(former);
        break;
      }
      case '--school-named':
        out.schoolNamed = true;
        break;
      case '--school-data-remade':
        out.schoolDataRemade = true;
        break;
      case '--port': {
        const port = Number(value());
        if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port needs a number between 0 and 65535.');
        out.port = port;
        break;
      }
      case '--no-open':
        out.open = false;
        break;
      default:
        // Electron and Chromium add switches of their own; they are not ours to refuse.
        break;
    }
  }
  return out;
}

const bare = (address: string) => address.trim().replace(/\/+$/, '').toLowerCase();

/**
 * The connected account a school named on the command line is, if any: its platform (issuer) or the school's
 * own site is at that address. Several schools on one platform: the most recently connected one.
 */
export function accountNamedBy(accounts: readonly { id: string; issuer: string; school: { url: string | null } }[], address: string): string | null {
  const wanted = bare(/^[a-z][a-z0-9+.-]*:\/\//i.test(address.trim()) ? address : `https://${address}`);
  const found = accounts.find((account) => bare(account.issuer) === wanted || (account.school.url !== null && bare(account.school.url) === wanted));
  return found?.id ?? null;
}
