// The students and enrollments sync of the data engine against the real sandbox over HTTP (signed in through a
// real Chromium): in full once, then only what changed by updated_since, and Cancel. Expected values come from
// the platform's own API, never written down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ApiClient } from '../../../electron/services/api/api-client';
import type { DataService } from '../../../electron/services/data/handlers';
import { engineStudentsHandlers } from '../../../electron/services/students/handlers';
import type { AccountView } from '../../../shared/model/accounts';
import { METHODS } from '../../../shared/ipc';
import { Enrollment, StudentRecord } from '../../../shared/platform/resources';
import type { Sandbox } from '../../sandbox';
import { startSignedInDataService, type SignedInDataService } from './signed-in-data-service';

let sandbox: Sandbox;
let api: ApiClient;
let account: AccountView;
let service: DataService;
let handlers: ReturnType<typeof engineStudentsHandlers>;
let events: SignedInDataService['events'];
let world: SignedInDataService | undefined;
const signal = new AbortController().signal;

type H = typeof handlers;
async function call<M extends keyof H>(method: M, input: z.input<(typeof METHODS)[M]['input']>): Promise<z.output<(typeof METHODS)[M]['output']>> {
  const handler = handlers[method] as (i: unknown, c: { signal: AbortSignal }) => Promise<unknown>;
  return METHODS[method].output.parse(await handler(METHODS[method].input.parse(input), { signal })) as z.output<(typeof METHODS)[M]['output']>;
}

beforeAll(async () => {
  world = await startSignedInDataService('students-');
  ({ sandbox, account, api, service, events } = world);
  handlers = engineStudentsHandlers(service.engine!);
}, 90_000);

afterAll(async () => {
  await world?.close();
});

describe('students sync against the sandbox', { timeout: 120_000 }, () => {
  it('syncs every student and enrollment in full, then only what changed since, and answers from it', async () => {
    const first = await call('data.students.load', { accountId: account.id, jobId: 'students-1', mode: 'full' });
    const students = await api.paginate(account.id, 'listStudents', StudentRecord, { query: { limit: 1000 } });
    const enrollments = await api.paginate(account.id, 'listEnrollments', Enrollment, { query: { limit: 1000 } });
    expect(first.data).toMatchObject({ students: students.length, enrollments: enrollments.length, fetched: students.length + enrollments.length, mode: 'full' });
    const progress = events.filter((e) => e.event === 'data.progress' && (e.payload as { jobId: string }).jobId === 'students-1');
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)!.payload).toMatchObject({ done: true, loaded: students.length + enrollments.length });

    // The platform's own text search and the engine's agree.
    const q = students[3]!.name.split(' ')[0]!.toLowerCase();
    const platformHits = await api.paginate(account.id, 'listStudents', StudentRecord, { query: { q, limit: 1000 } });
    const ours = await call('data.students.query', { accountId: account.id, filters: { text: q }, limit: 1000 });
    expect(ours.data.total).toBe(platformHits.length);
    expect(new Set(ours.data.rows.map((r) => r.id))).toEqual(new Set(platformHits.map((s) => s.id)));
    const one = ours.data.rows[0]!;
    expect(one.coursesCount).toBe(enrollments.filter((e) => e.student_id === one.id).length);

    // A change on the platform: a student's tags and an enrollment's activity (as its PATCH and a lecture do).
    const school = sandbox.platform.data.get(sandbox.platform.schools[0]!.id)!;
    const s = 5;
    school.students.tagOverrides.set(s, ['synced-tag']);
    school.students.updatedAt.set(s, Date.now());
    const e = school.enrollments.forStudent(school.students.indexOf(enrollments[0]!.student_id))[0]!;
    const at = Math.floor(Date.now() / 1000) * 1000;
    school.enrollments.lastActivityAt[e] = at;
    school.enrollments.changedAt.set(e, at);
    events.length = 0;

    const second = await call('data.students.load', { accountId: account.id, jobId: 'students-2', mode: 'incremental' });
    expect(second.data.mode).toBe('incremental');
    expect(second.data.students).toBe(students.length);
    expect(second.data.fetched).toBeGreaterThanOrEqual(2);
    expect(second.data.fetched).toBeLessThan((students.length + enrollments.length) / 10);
    expect(events.some((x) => x.event === 'data.invalidated' && (x.payload as { reason: string }).reason === 'students_refreshed')).toBe(true);
    const tagged = await call('data.students.query', { accountId: account.id, filters: { tag: 'synced-tag' } });
    expect(tagged.data.rows.map((r) => r.id)).toEqual([school.students.id(s)]);
    const active = await call('data.students.query', { accountId: account.id, filters: { text: school.students.email(school.enrollments.student[e]!) } });
    expect(active.data.rows[0]!.lastActiveAt).toBe(new Date(at).toISOString());
  });

  it('cancels a running sync and keeps the students it had', async () => {
    sandbox.knobs.set({ latencyMs: 1500 });
    try {
      const before = await call('data.students.status', { accountId: account.id });
      const running = call('data.students.load', { accountId: account.id, jobId: 'students-cancel', mode: 'full' });
      await expect.poll(() => events.some((x) => x.event === 'data.progress' && (x.payload as { jobId: string }).jobId === 'students-cancel'), { timeout: 20_000 }).toBe(true);
      const cancel = service.handlers['data.cancel'] as (i: { jobId: string }, c: { signal: AbortSignal }) => Promise<{ cancelled: boolean }>;
      expect(await cancel({ jobId: 'students-cancel' }, { signal })).toEqual({ cancelled: true });
      await expect(running).rejects.toMatchObject({ code: 'cancelled' });
      const after = await call('data.students.status', { accountId: account.id });
      expect(after).toMatchObject({ students: before.students, loadingJobId: null });
    } finally {
      sandbox.knobs.set({ latencyMs: 0 });
    }
  });
});
