// Where a streamed export goes. The desktop app asks the admin with the native Save dialog (the adapter in
// electron/adapters/save-dialog.ts only shows it); browser mode writes into a private download slot that the
// browser host streams to the page once, as a download, and then deletes. An export holds buyers' names and
// e-mail: a file nobody came for is deleted when its ten minutes are up, at every start and at sign-out.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { t } from '../../../../shared/i18n/i18n';

interface ExportTarget {
  /** The file the engine writes. */
  path: string;
  /** Where the admin will find it (desktop), or null. */
  savedTo: string | null;
  /** What the page opens to receive it (browser mode), or null. */
  downloadUrl: string | null;
  /** Called when the export failed or was cancelled: forget the slot. */
  release(): void;
}

/** What an export holds: the Save dialog names it ("Export students"), never a word for another list. */
export type ExportSubject = 'orders' | 'students' | 'activity' | 'stalledLearners';

/** The Save dialog's title for an export, in the UI language. */
function exportDialogTitle(subject: ExportSubject): string {
  return t(`main:dialogs.export.${subject}`);
}

export interface ExportDestination {
  /** Null when the admin cancelled the choice. */
  choose(suggestedName: string, subject: ExportSubject): Promise<ExportTarget | null>;
  /** Deletes every file still waiting for its download (a school was signed out). Absent where the admin chose the file. */
  clear?(): Promise<void>;
}

/** The desktop app: `ask` shows the native Save dialog and answers the chosen path, or null for Cancel. */
export function saveDialogDestination(ask: (suggestedName: string, title: string) => Promise<string | null>): ExportDestination {
  return {
    async choose(suggestedName, subject) {
      const path = await ask(suggestedName, exportDialogTitle(subject));
      return path ? { path, savedTo: path, downloadUrl: null, release: () => undefined } : null;
    },
  };
}

const SLOT_TTL_MS = 10 * 60_000;

/** Browser mode: single-use download slots under the app's data dir, served at /download/<token>. */
export class DownloadSlots implements ExportDestination {
  readonly #slots = new Map<string, { path: string; fileName: string; expiresAt: number; timer: NodeJS.Timeout }>();

  constructor(private readonly dir: string, private readonly now: () => number = Date.now) {}

  /** Deletes every waiting file and forgets every slot: at start (slots live in memory, so none is valid), at sign-out, at close. */
  async clear(): Promise<void> {
    for (const slot of this.#slots.values()) clearTimeout(slot.timer);
    this.#slots.clear();
    await rm(this.dir, { recursive: true, force: true });
  }

  /** Where the files wait for their download (tests check that a cancelled export left none). */
  get folder(): string {
    return this.dir;
  }

  async choose(suggestedName: string): Promise<ExportTarget> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await this.#sweep();
    const token = randomBytes(24).toString('base64url');
    const path = join(this.dir, `${token}.csv`);
    // Nobody came for it in time: the file goes without waiting for the next export.
    const timer = setTimeout(() => void this.#sweep().catch(() => undefined), SLOT_TTL_MS + 1_000);
    timer.unref();
    this.#slots.set(token, { path, fileName: suggestedName, expiresAt: this.now() + SLOT_TTL_MS, timer });
    return {
      path,
      savedTo: null,
      downloadUrl: `/download/${token}`,
      release: () => {
        clearTimeout(timer);
        this.#slots.delete(token);
        void rm(path, { force: true });
      },
    };
  }

  /** The file behind a token, once: a second request (or one after ten minutes) gets nothing. */
  take(token: string): { path: string; fileName: string } | null {
    const slot = this.#slots.get(token);
    this.#slots.delete(token);
    if (!slot) return null;
    clearTimeout(slot.timer);
    if (slot.expiresAt < this.now()) {
      void rm(slot.path, { force: true });
      return null;
    }
    return { path: slot.path, fileName: slot.fileName };
  }

  /** Files nobody came for (expired slots, a crash's leftovers) are removed. */
  async #sweep(): Promise<void> {
    const known = new Set<string>();
    for (const [token, slot] of this.#slots) {
      if (slot.expiresAt < this.now()) {
        clearTimeout(slot.timer);
        this.#slots.delete(token);
        await rm(slot.path, { force: true });
      } else known.add(slot.path);
    }
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      const path = join(this.dir, name);
      if (known.has(path)) continue;
      const info = await stat(path).catch(() => null);
      if (info && this.now() - info.mtimeMs > SLOT_TTL_MS) await rm(path, { force: true });
    }
  }
}
