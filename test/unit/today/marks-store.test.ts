// Today's marks per school: the visit mark and the comments marked handled survive a restart (a new store on
// the same folder), sealed on disk, kept apart per school, dropped on sign-out; a damaged file never stops Today.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../../../electron/services/log';
import { MAX_HANDLED, TodayMarksStore } from '../../../electron/services/today/marks-store';
import { nextVisit } from '../../../electron/services/today/visit-policy';
import { fakeCipher, tempDir } from '../../integration/sign-in/harness';

const dirs: { remove(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => d.remove()));
});

const T0 = Date.parse('2026-11-20T01:00:00Z');
const HOUR = 3_600_000;

async function folder() {
  const dir = await tempDir('today-marks-');
  dirs.push(dir);
  return dir.path;
}

describe("Today's marks store", () => {
  it('keeps the visit mark and handled comments across a restart, per school, sealed', async () => {
    const dir = await folder();
    const cipher = fakeCipher();
    const first = new TodayMarksStore(dir, cipher, memoryLogger());
    await first.visit('acct-1', (stored) => nextVisit(stored, T0, 'run-1'));
    await first.setHandled('acct-1', 'cmt_SECRET1', true, T0);
    await first.setHandled('acct-1', 'cmt_2', true, T0);
    await first.setHandled('acct-1', 'cmt_2', false, T0);

    for (const name of await readdir(dir)) expect((await readFile(`${dir}/${name}`)).toString('latin1')).not.toContain('SECRET');
    const restarted = new TodayMarksStore(dir, cipher, memoryLogger());
    expect([...(await restarted.handled('acct-1'))]).toEqual(['cmt_SECRET1']);
    // The next run's first look is a new visit: new since the end of the last one.
    const mark = await restarted.visit('acct-1', (stored) => nextVisit(stored, T0 + 5 * 60_000, 'run-2'));
    expect(mark.since).toBe(new Date(T0).toISOString());
    expect([...(await restarted.handled('acct-2'))]).toEqual([]);
    expect((await restarted.get('acct-2')).visit).toBeNull();

    await restarted.drop('acct-1');
    expect((await new TodayMarksStore(dir, cipher, memoryLogger()).get('acct-1')).visit).toBeNull();
  });

  it('sets a file it cannot read aside and starts afresh', async () => {
    const dir = await folder();
    await new TodayMarksStore(dir, fakeCipher(), memoryLogger()).setHandled('acct-1', 'cmt_1', true, T0);
    expect([...(await new TodayMarksStore(dir, fakeCipher(), memoryLogger()).handled('acct-1'))]).toEqual([]);
    expect((await readdir(dir)).some((name) => name.includes('.corrupt-'))).toBe(true);
    const [file] = (await readdir(dir)).filter((name) => name.endsWith('.bin'));
    if (file) await writeFile(`${dir}/${file}`, 'not sealed');
    expect((await new TodayMarksStore(dir, fakeCipher(), memoryLogger()).get('acct-1')).handled).toEqual({});
  });

  it('keeps at most MAX_HANDLED marks, forgetting the oldest', async () => {
    const dir = await folder();
    const store = new TodayMarksStore(dir, fakeCipher(), memoryLogger());
    await store.update('acct-1', (marks) => {
      for (let n = 0; n <= MAX_HANDLED; n++) marks.handled[`cmt_${n}`] = new Date(T0 + n * 1000).toISOString();
    });
    const kept = await store.handled('acct-1');
    expect(kept.size).toBe(MAX_HANDLED);
    expect(kept.has('cmt_0')).toBe(false);
    expect(kept.has(`cmt_${MAX_HANDLED}`)).toBe(true);
  });
});

describe('the visit policy', () => {
  it('starts with nothing new, keeps the mark within a visit, and moves it after an hour away or a restart', () => {
    const first = nextVisit(null, T0, 'run-1');
    expect(first).toEqual({ since: null, seenAt: new Date(T0).toISOString(), session: 'run-1' });
    // Back on Today after 40 minutes of clicking through its counts: the same visit.
    const same = nextVisit(first, T0 + 40 * 60_000, 'run-1');
    expect(same.since).toBeNull();
    expect(same.seenAt).toBe(new Date(T0 + 40 * 60_000).toISOString());
    // An hour after the last look: a new visit, new since the last look.
    const later = nextVisit(same, T0 + 40 * 60_000 + HOUR, 'run-1');
    expect(later.since).toBe(same.seenAt);
    // A restart a minute later: a new visit too.
    const restarted = nextVisit(later, T0 + 41 * 60_000 + HOUR, 'run-2');
    expect(restarted.since).toBe(later.seenAt);
    // A clock set back never moves the mark backwards.
    expect(nextVisit(restarted, T0, 'run-2').seenAt).toBe(restarted.seenAt);
  });
});
