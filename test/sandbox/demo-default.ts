// `npm start`'s built-in default school: the sandbox, kept at the same address across restarts, with its
// OAuth state (clients, grants, token digests) kept too, so the schools an admin connected are still
// signed in after `npm start` is stopped and started again.
//
// What lives in <data folder>/demo-platform/state.json: the port, the addresses the platform had before,
// the day its demo data is generated for, and the saved OAuth state (no usable token: digests only, see
// oauth/saved-state.ts). Beside it, journal.jsonl: the platform's change journal (change-journal.ts), every
// business write it accepted, replayed over the generated data at each start, so what the admin changed in
// the demo school stays changed. Generated records (their ids, their history) depend on the day the data is
// made for, so once the journal holds a change that day is kept, until "Reset the demo school" drops the
// journal and makes a fresh school for today (as every start does while nothing was changed).
//
// While it runs it can be taken offline and back (it stops listening, as a platform that went away), from
// the terminal (scripts/start.mjs) or from the app's Settings in browser mode.
//
// When the remembered port is taken (another program took it while the app was stopped), the platform
// starts on a free port instead, says so in one line, and remembers the new port; the old address goes on
// the list of former addresses, which the app uses to offer "the demo platform moved: reconnect" to the
// accounts still pointing there (docs/sandbox.md "npm start's demo platform").
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { startSandbox, type Sandbox, type SandboxOptions } from './index';
import { SavedOAuthState } from './oauth/saved-state';
import { parseJournal, type JournalEntry } from './change-journal';
import { DAY_MS } from './data/time-zone';

const StateFile = z.object({
  version: z.literal(1),
  port: z.number().int().min(1).max(65535),
  formerAddresses: z.array(z.string()).max(20),
  oauth: SavedOAuthState.nullable(),
  /** The day the demo data is generated for (UTC midnight); absent in files written before it was kept. */
  dataNow: z.iso.datetime().optional(),
});
type StateFile = z.infer<typeof StateFile>;

/** Kept for accounts connected long ago; older addresses are dropped. */
const MAX_FORMER_ADDRESSES = 5;
const SAVE_DELAY_MS = 200;

interface DemoDefaultOptions extends Pick<SandboxOptions, 'orders' | 'seed' | 'quiet' | 'log'> {
  dataDir: string;
  /** The platform's clock (default Date.now); "today" for a first start or a reset is its day. */
  clock?: () => number;
}

export interface DemoStatus {
  /** Taken offline (not listening) from the terminal or Settings. */
  offline: boolean;
  /** Changes kept in the journal (made in the demo school since its last reset). */
  changes: number;
  /** The day its data was generated for. */
  dataNow: string;
}

export interface DemoDefault {
  /** The running platform (a reset replaces it with a fresh one at the same address). */
  readonly sandbox: Sandbox;
  /** Addresses this same platform had before, newest first: accounts there can be re-pointed here. */
  formerAddresses: string[];
  /** The address it wanted but found taken this time (it runs at sandbox.url instead); null when all went as usual. */
  movedFrom: string | null;
  /** Where its state is kept. */
  stateFile: string;
  /** Journal entries the platform refused when replaying them at this start (logged by the caller). */
  skippedChanges: { operationId: string; reason: string }[];
  /**
   * Its records were made afresh at this start for another day than the last start's (nothing the admin changed
   * kept them): the same ids now hold other orders and times, so what an app saved of the old ones is wrong, and
   * no sync of changes would notice. The app drops it, as after a reset.
   */
  remade: boolean;
  status(): DemoStatus;
  /** Takes the platform offline (it stops listening) or back. */
  setOffline(offline: boolean): Promise<DemoStatus>;
  /** Drops every change made in the demo school and starts it fresh for today, at the same address and signed in as before. */
  reset(): Promise<DemoStatus>;
  /** Saves its state and stops it. */
  close(): Promise<void>;
}

export function demoStateFile(dataDir: string): string {
  return join(dataDir, 'demo-platform', 'state.json');
}

export function demoJournalFile(dataDir: string): string {
  return join(dataDir, 'demo-platform', 'journal.jsonl');
}

/** UTC midnight of the clock's day: the demo data's anchor (createDemoPlatform's default). */
function dayOf(ms: number): Date {
  return new Date(Math.floor(ms / DAY_MS) * DAY_MS);
}

export async function startDemoDefault(options: DemoDefaultOptions): Promise<DemoDefault> {
  const file = demoStateFile(options.dataDir);
  const journalFile = demoJournalFile(options.dataDir);
  const clock = options.clock ?? Date.now;
  const saved = readState(file);
  // A journal belongs to the data it was written over, so the data keeps the day it was made for while the
  // journal holds anything; with nothing to keep, the demo school is made fresh for today.
  const kept = saved?.dataNow ? readJournal(journalFile) : [];
  let dataNow = saved?.dataNow && kept.length > 0 ? new Date(saved.dataNow) : dayOf(clock());
  // A state file from before dataNow was kept says nothing of its day: made afresh, as far as an app can know.
  const remade = saved !== null && saved.dataNow !== dataNow.toISOString();
  if (kept.length === 0) removeJournal(journalFile);
  let changes = kept.length;
  const record = (entry: JournalEntry) => {
    changes++;
    appendJournal(journalFile, entry);
  };
  const sandboxOptions = (port: number, entries: readonly JournalEntry[], oauth: SavedOAuthState | null): SandboxOptions => ({
    port,
    // The disk is the truth across processes; an in-process sandbox closed on the same port must not win.
    resume: false,
    ...(oauth ? { savedOAuthState: oauth } : {}),
    onOAuthChange: () => scheduleSave(),
    dataNow,
    clock,
    journal: { entries, record },
    ...(options.orders !== undefined ? { orders: options.orders } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.quiet !== undefined ? { quiet: options.quiet } : {}),
    ...(options.log ? { log: options.log } : {}),
  });

  let sandbox: Sandbox;
  let movedFrom: string | null = null;
  if (saved) {
    try {
      sandbox = await startSandbox(sandboxOptions(saved.port, kept, saved.oauth));
    } catch (error) {
      if (!isPortTaken(error)) throw error;
      movedFrom = `http://127.0.0.1:${saved.port}`;
      if (await isDemoPlatformAt(movedFrom)) {
        // Not another program: this data folder's demo platform, i.e. an `npm start` that is still running.
        throw new Error(`School Companion is already running with this data folder (its demo platform answers at ${movedFrom}). Use that one, or stop it (Ctrl-C) and start again.`, { cause: error });
      }
      sandbox = await startSandbox(sandboxOptions(0, kept, saved.oauth));
    }
  } else {
    sandbox = await startSandbox(sandboxOptions(0, kept, null));
  }
  const skippedChanges = (sandbox.replayed?.skipped ?? []).map(({ entry, reason }) => ({ operationId: entry.operationId, reason }));

  const formerAddresses = [...new Set([...(movedFrom ? [movedFrom] : []), ...(saved?.formerAddresses ?? [])])]
    .filter((address) => address !== sandbox.url)
    .slice(0, MAX_FORMER_ADDRESSES);

  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const save = () => {
    timer = null;
    writeState(file, { version: 1, port: sandbox.port, formerAddresses, oauth: sandbox.saveOAuthState(), dataNow: dataNow.toISOString() });
  };
  function scheduleSave(): void {
    if (closed || timer) return;
    timer = setTimeout(save, SAVE_DELAY_MS);
    timer.unref();
  }
  save();

  const status = (): DemoStatus => ({ offline: sandbox.offline, changes, dataNow: dataNow.toISOString() });
  return {
    get sandbox() {
      return sandbox;
    },
    formerAddresses,
    movedFrom,
    stateFile: file,
    skippedChanges,
    remade,
    status,
    async setOffline(offline) {
      if (offline) await sandbox.stopListening();
      else await sandbox.listenAgain();
      return status();
    },
    async reset() {
      // The same platform at the same address (its sign-ins kept), with the seeded school of today and no change of the admin's.
      const oauth = sandbox.saveOAuthState();
      await sandbox.close();
      removeJournal(journalFile);
      changes = 0;
      dataNow = dayOf(clock());
      sandbox = await startSandbox(sandboxOptions(sandbox.port, [], oauth));
      save();
      return status();
    },
    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearTimeout(timer);
      save();
      await sandbox.close();
    },
  };
}

function readJournal(file: string): JournalEntry[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  // A line cut short by a crash is left out; every whole line before and after it still counts.
  return parseJournal(text).entries;
}

function appendJournal(file: string, entry: JournalEntry): void {
  mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
  appendFileSync(file, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
}

function removeJournal(file: string): void {
  rmSync(file, { force: true });
}

/** Whether the platform at `address` is a sandbox that calls itself by that address (our own, still running). */
async function isDemoPlatformAt(address: string): Promise<boolean> {
  try {
    const response = await fetch(`${address}/.well-known/oauth-authorization-server`, { signal: AbortSignal.timeout(2_000) });
    const metadata = (await response.json()) as { issuer?: unknown };
    return response.ok && metadata.issuer === address;
  } catch {
    return false;
  }
}

function isPortTaken(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'EADDRINUSE' || code === 'EACCES';
}

/** A missing file is a first start; a damaged one is set aside (kept, never deleted) and the platform starts fresh. */
function readState(file: string): StateFile | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    return StateFile.parse(JSON.parse(text));
  } catch {
    try {
      renameSync(file, `${file}.corrupt-${Date.now()}`);
    } catch {
      // Nothing more to do: it is rewritten below.
    }
    return null;
  }
}

function writeState(file: string, state: StateFile): void {
  mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
  const temp = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, JSON.stringify(state), { mode: 0o600 });
  renameSync(temp, file);
}
