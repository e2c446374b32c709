// "Copy diagnostic bundle" in Settings › About: what a support person needs to start (version, OS, mode,
// settings, how many schools and in which state, the end of the log) and nothing that identifies the school,
// the admin or a sign-in. Names, emails, addresses and tokens never enter it; account ids only inside log lines
// (opaque hashes the log uses to follow a school). The log lines were redacted when written and are scrubbed
// once more here.
import type { AccountView } from '../../../shared/model/accounts';
import type { AppMode } from '../../../shared/ipc/app';
import { redact } from '../log';
import { scrubSecrets } from './process-errors';

export const DIAGNOSTIC_LOG_LINES = 200;

interface DiagnosticFacts {
  appName: string;
  version: string;
  mode: AppMode;
  os: { platform: string; release: string; arch: string };
  runtime: Record<string, string | undefined>;
  settings: Record<string, unknown>;
  accounts: readonly Pick<AccountView, 'status' | 'grantedScopes' | 'lastSyncAt'>[];
  online: boolean;
  logFile: string;
  logTail: readonly string[];
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
    `last ${facts.logTail.length} log lines:`,
    ...facts.logTail.map((line) => `  ${scrubSecrets(line)}`),
  ];
  return `${lines.join('\n')}\n`;
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
