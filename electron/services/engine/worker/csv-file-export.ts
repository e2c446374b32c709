// One CSV file streamed by the engine, whatever the rows are (orders, students): header, then rows written in
// slices into a reused byte buffer, each slice written out before the next is built, so memory stays flat
// whatever the size; progress after every slice and Cancel between slices. Written to a temp file beside the
// target and renamed into place only when complete, so a cancelled or failed export leaves nothing.
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { csvHead } from '../../../../shared/csv';
import { CsvBytes } from './orders-csv-columns';

/** Rows per write: about 1 MB of text, then progress and a chance to cancel. */
const EXPORT_SLICE = 5000;

interface CsvFileJob {
  path: string;
  header: readonly string[];
  /** How many rows; row(k) is called for k = 0 … total - 1, in order. */
  total: number;
  /** Writes the k-th row as one CSV record, CRLF included. */
  row(k: number, out: CsvBytes): void;
  signal: AbortSignal;
  /** Rows written so far; `finished` once at the end (with 0 when it failed or was cancelled). */
  progress(done: number, finished: boolean): void;
}

/** Streams the rows to `path`; answers the bytes written. Rejects with the signal's reason when cancelled. */
export async function writeCsvFile({ path, header, total, row, signal, progress }: CsvFileJob): Promise<number> {
  progress(0, false);
  const temp = `${path}.${randomBytes(6).toString('hex')}.part`;
  const file = await open(temp, 'w', 0o600);
  let written = 0;
  let closed = false;
  try {
    const out = new CsvBytes();
    const flush = async () => {
      const chunk = out.take();
      written += chunk.length;
      await file.write(chunk);
    };
    out.text(csvHead(header));
    for (let start = 0; start < total; start += EXPORT_SLICE) {
      if (signal.aborted) throw signal.reason;
      const end = Math.min(total, start + EXPORT_SLICE);
      for (let k = start; k < end; k++) row(k, out);
      await flush();
      progress(end, false);
    }
    if (out.at > 0) await flush();
    await file.sync();
    await file.close();
    closed = true;
    if (signal.aborted) throw signal.reason;
    await rename(temp, path);
    progress(total, true);
    return written;
  } catch (error) {
    if (!closed) await file.close().catch(() => undefined);
    await rm(temp, { force: true });
    progress(0, true);
    throw error;
  }
}
