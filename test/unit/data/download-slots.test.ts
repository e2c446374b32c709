// Browser mode's export downloads hold buyers' names and e-mail: a file nobody came for does not stay in the
// data folder until the next export. It goes when its ten minutes are up, and clear() (start, sign-out, close)
// deletes every waiting one.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DownloadSlots } from '../../../electron/services/engine/client/export-destination';
import { tempDir } from '../../integration/sign-in/harness';

const dirs: { remove(): Promise<void> }[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(dirs.splice(0).map((d) => d.remove()));
});

async function slots() {
  const dir = await tempDir('download-slots-');
  dirs.push(dir);
  return new DownloadSlots(join(dir.path, 'exports'));
}

describe('export downloads waiting in the data folder', () => {
  it('are deleted when their ten minutes are up, without another export', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const downloads = await slots();
    const target = await downloads.choose('orders-2026-11-23.csv');
    writeFileSync(target.path, 'Buyer,Email\r\nAda Lovelace,ada@example.com\r\n');
    await vi.advanceTimersByTimeAsync(9 * 60_000);
    expect(existsSync(target.path)).toBe(true);
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    await vi.waitFor(() => expect(existsSync(target.path)).toBe(false));
    expect(downloads.take(target.downloadUrl!.replace('/download/', ''))).toBeNull();
  });

  it('are all deleted by clear(), and their links stop working', async () => {
    const downloads = await slots();
    const first = await downloads.choose('orders.csv');
    const second = await downloads.choose('students.csv');
    for (const target of [first, second]) writeFileSync(target.path, 'Buyer\r\nAda\r\n');
    await downloads.clear();
    expect(existsSync(first.path) || existsSync(second.path)).toBe(false);
    expect(existsSync(downloads.folder)).toBe(false);
    expect(downloads.take(first.downloadUrl!.replace('/download/', ''))).toBeNull();
    // Exporting again afterwards works as before.
    const again = await downloads.choose('orders.csv');
    writeFileSync(again.path, 'x');
    expect(downloads.take(again.downloadUrl!.replace('/download/', ''))).toMatchObject({ path: again.path });
  });
});
