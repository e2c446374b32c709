// "Copy diagnostic bundle" in Settings › About: what a support person needs to start (version, OS, mode,
// settings, how many schools and in which state, the end of the log) and nothing that identifies the school,
// the admin or a sign-in. Names, emails, addresses and tokens never enter it; account ids only inside log lines
// (opaque hashes the log uses to follow a school). The log lines were redacted when written and are scrubbed
// once more here: credentials, then every web address, host, e-mail address, and the connected schools' and
// admins' names.
import type { AccountView } from '../../../shared/model/accounts';
import type { AppMode } from '../../../shared/ipc/app';
import { redact } from '../log';
import type { CrashDump } from './crash-dumps';
import { scrubSecrets } from './process-errors';

export const DIAGNOSTIC_LOG_LINES = 200;

interface DiagnosticFacts {
  appName: string;
  version: string;
  mode: AppMode;
  os: { platform: string; release: string; arch: string };
  runtime: Record<string, string | undefined>;
  settings: Record<string, unknown>;
  /** Their names, e-mail and hosts are scrubbed from the log lines; only status, permission count and last sync are told. */
  accounts: readonly (Pick<AccountView, 'status' | 'grantedScopes' | 'lastSyncAt'> & Partial<Pick<AccountView, 'issuer' | 'school' | 'admin' | 'signInOrigin'>>)[];
  online: boolean;
  logFile: string;
  logTail: readonly string[];
  /** Minidumps the desktop app kept (crash-dumps.ts); absent in browser mode. */
  crashDumps?: readonly CrashDump[];
  now: Date;
}

export function buildDiagnosticBundle(facts: DiagnosticFacts): string {
  const byStatus = new Map<string, number>();
  for (const account of facts.accounts) byStatus.set(account.status, (byStatus.get(account.status) ?? 0) + 1);
  const lines = [
    `${facts.appName} diagnostic bundle`,
    `created: ${facts.now.toISOString()}`,
    `version: ${facts.version}`,
    `mode: ${facts.mode === 'desktop' ? 'desktop app' : 'browser mode'}`,
    `os: ${facts.os.platform} ${facts.os.release} (${facts.os.arch})`,
    `runtime: ${Object.entries(facts.runtime).filter(([, v]) => v).map(([k, v]) => `${k} ${v}`).join(', ')}`,
    `online: ${facts.online ? 'yes' : 'no'}`,
    `settings: ${JSON.stringify(describeSettings(facts.settings))}`,
    `schools: ${facts.accounts.length}${facts.accounts.length ? ` (${[...byStatus].map(([status, n]) => `${n} ${status}`).join(', ')})` : ''}`,
    ...facts.accounts.map((account, i) => `  school ${i + 1}: ${account.status}, ${account.grantedScopes.length} permissions, last sync ${account.lastSyncAt ?? 'never'}`),
    `log file: ${facts.logFile}`,
    ...(facts.crashDumps ? [`crash dumps: ${facts.crashDumps.length}`, ...facts.crashDumps.map((dump) => `  ${dump.at} ${dump.file} (${dump.bytes} bytes)`)] : []),
    `last ${facts.logTail.length} log lines:`,
    ...facts.logTail.map((line) => `  ${scrubAddresses(scrubSecrets(line), identifyingWords(facts.accounts))}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** What names a connected school or its admin: their names, e-mail, and every host they are reached at. */
function identifyingWords(accounts: DiagnosticFacts['accounts']): string[] {
  const hosts = (address: string | null | undefined) => {
    if (!address) return [];
    try {
      const url = new URL(address);
      return [url.host, url.hostname];
    } catch {
      return [];
    }
  };
  const words = accounts.flatMap((a) => [a.school?.name, a.admin?.name, a.admin?.email, ...hosts(a.issuer), ...hosts(a.school?.url), ...hosts(a.signInOrigin)]);
  // Longest first, so a host with its port goes before the bare host name.
  return [...new Set(words.filter((w): w is string => typeof w === 'string' && w.trim().length >= 3))].sort((a, b) => b.length - a.length);
}

const WEB_ADDRESS = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>\\]+/gi;
const EMAIL = /[^\s"'<>@(){}[\],;:]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi;
const IP_HOST = /\b(?:\d{1,3}\.){3}\d{1,3}(?::\d{1,5})?\b|\[[0-9a-f:.]+\](?::\d{1,5})?|\blocalhost(?::\d{1,5})?\b/gi;
const NAMED_HOST_WITH_PORT = /\b(?:[a-z0-9-]+\.)+[a-z]{2,63}:\d{1,5}\b/gi;
/** Log fields that hold an address or a school by name (a host without a scheme or port looks like any dotted word). */
const ADDRESS_FIELD = /"(issuer|host|url|origin|signInOrigin|redirectUri|address|school|schoolName|resource|apiBase)":"(?:[^"\\]|\\.)*"/g;

/** Addresses and names out of a log line: web addresses, e-mail, IP and host:port, address fields, and the given words. */
export function scrubAddresses(text: string, words: readonly string[] = []): string {
  let out = text.replace(WEB_ADDRESS, '(address)').replace(EMAIL, '(email)').replace(IP_HOST, '(host)').replace(NAMED_HOST_WITH_PORT, '(host)').replace(ADDRESS_FIELD, '"$1":"(address)"');
  for (const word of words) out = out.split(word).join('(name)');
  return out;
}

/** Settings as support needs them: choices kept, anything naming an account or a person only as "(set)". */
export function describeSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(redact(settings) as Record<string, unknown>)) {
    if (/id$|ids$|account|email|name|address|url/i.test(key)) out[key] = value === null || value === undefined ? null : '(set)';
    else if (typeof value === 'string' && value.length > 64) out[key] = '(set)';
    else out[key] = value;
  }
  return out;
}
