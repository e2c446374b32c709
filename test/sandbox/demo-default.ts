// `npm start`'s built-in default school: the sandbox, kept at the same address across restarts, with its
// OAuth state (clients, grants, token digests) kept too, so the schools an admin connected are still
// signed in after `npm start` is stopped and started again.
//
// What lives in <data folder>/demo-platform/state.json: the port, the addresses the platform had before,
// and the saved OAuth state (no usable token: digests only, see oauth/saved-state.ts).
//
// When the remembered port is taken (another program took it while the app was stopped), the platform
// starts on a free port instead, says so in one line, and remembers the new port; the old address goes on
// the list of former addresses, which the app uses to offer "the demo platform moved: reconnect" to the
// accounts still pointing there (docs/sandbox.md "npm start's demo platform").
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { startSandbox, type Sandbox, type SandboxOptions } from './index';
import { SavedOAuthState } from './oauth/saved-state';

const StateFile = z.object({
  version: z.literal(1),
  port: z.number().int().min(1).max(65535),
  formerAddresses: z.array(z.string()).max(20),
  oauth: SavedOAuthState.nullable(),
});
type StateFile = z.infer<typeof StateFile>;

/** Kept for accounts connected long ago; older addresses are dropped. */
const MAX_FORMER_ADDRESSES = 5;
const SAVE_DELAY_MS = 200;

interface DemoDefaultOptions extends Pick<SandboxOptions, 'orders' | 'seed' | 'quiet' | 'log'> {
  dataDir: string;
}

export interface DemoDefault {
  sandbox: Sandbox;
  /** Addresses this same platform had before, newest first: accounts there can be re-pointed here. */
  formerAddresses: string[];
  /** The address it wanted but found taken this time (it runs at sandbox.url instead); null when all went as usual. */
  movedFrom: string | null;
  /** Where its state is kept. */
  stateFile: string;
  /** Saves its state and stops it. */
  close(): Promise<void>;
}

export function demoStateFile(dataDir: string): string {
  return join(dataDir, 'demo-platform', 'state.json');
}

export async function startDemoDefault(options: DemoDefaultOptions): Promise<DemoDefault> {
  const file = demoStateFile(options.dataDir);
  const saved = readState(file);
  const sandboxOptions = (port: number): SandboxOptions => ({
    port,
    // The disk is the truth across processes; an in-process sandbox closed on the same port must not win.
    resume: false,
    ...(saved?.oauth ? { savedOAuthState: saved.oauth } : {}),
    onOAuthChange: () => scheduleSave(),
    ...(options.orders !== undefined ? { orders: options.orders } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.quiet !== undefined ? { quiet: options.quiet } : {}),
    ...(options.log ? { log: options.log } : {}),
  });

  let sandbox: Sandbox;
  let movedFrom: string | null = null;
  if (saved) {
    try {
      sandbox = await startSandbox(sandboxOptions(saved.port));
    } catch (error) {
      if (!isPortTaken(error)) throw error;
      movedFrom = `http://127.0.0.1:${saved.port}`;
      if (await isDemoPlatformAt(movedFrom)) {
        // Not another program: this data folder's demo platform, i.e. an `npm start` that is still running.
        throw new Error(`School Companion is already running with this data folder (its demo platform answers at ${movedFrom}). Use that one, or stop it (Ctrl-C) and start again.`, { cause: error });
      }
      sandbox = await startSandbox(sandboxOptions(0));
    }
  } else {
    sandbox = await startSandbox(sandboxOptions(0));
  }

  const formerAddresses = [...new Set([...(movedFrom ? [movedFrom] : []), ...(saved?.formerAddresses ?? [])])]
    .filter((address) => address !== sandbox.url)
    .slice(0, MAX_FORMER_ADDRESSES);

  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const save = () => {
    timer = null;
    writeState(file, { version: 1, port: sandbox.port, formerAddresses, oauth: sandbox.saveOAuthState() });
  };
  function scheduleSave(): void {
    if (closed || timer) return;
    timer = setTimeout(save, SAVE_DELAY_MS);
    timer.unref();
  }
  save();

  return {
    sandbox,
    formerAddresses,
    movedFrom,
    stateFile: file,
    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearTimeout(timer);
      save();
      await sandbox.close();
    },
  };
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
