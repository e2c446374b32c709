// The write service against the real sandbox over HTTP, through real platform access (AuthService + ApiClient),
// with consent and step-up answered in a real Chromium: a write is sent and undone; made while the platform
// is down it waits in the outbox, encrypted on disk, and goes when the platform is back on the same address;
// if the record changed on the platform in between, it is not sent and the reason is kept.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../electron/services/api/api-client';
import { WriteService } from '../../../electron/services/writes/write-service';
import { WritesStore } from '../../../electron/services/writes/writes-store';
import type { AccountView } from '../../../shared/model/accounts';
import type { EventName, EventPayload } from '../../../shared/ipc';
import { EVENTS } from '../../../shared/ipc';
import { Coupon, Course, Enrollment, Person, Subscription } from '../../../shared/platform/resources';
import type { WriteRequest } from '../../../shared/model/writes';
import { startSandbox, type Sandbox } from '../../sandbox';
import { launchChromium } from '../../support/chromium';
import { consentClicker } from '../../support/consent-browser';
import { freePort } from '../../support/free-port';
import { allFileText, openSignIn, tempDir, type SignIn } from '../sign-in/harness';

const SEED = 5;
const ORDERS = 500;
let port: number;
let sandbox: Sandbox;
let browser: Browser;
let engine: SignIn;
let api: ApiClient;
let account: AccountView;
let dir: { path: string; remove(): Promise<void> };
const changed: { accountId: string; outbox: number }[] = [];

function service(): WriteService {
  return new WriteService({
    caller: api,
    store: new WritesStore(`${dir.path}/writes`, engine.cipher, engine.logger),
    isOnline: () => true,
    logger: engine.logger,
    emit: <E extends EventName>(event: E, payload: EventPayload<E>) => {
      EVENTS[event].payload.parse(payload);
      if (event === 'writes.changed') changed.push(payload as { accountId: string; outbox: number });
    },
  });
}

async function coupon(id: string) {
  return api.call(account.id, 'getCoupon', Coupon, { path: { coupon_id: id } });
}

beforeAll(async () => {
  port = await freePort();
  [sandbox, browser, dir] = await Promise.all([startSandbox({ port, seed: SEED, orders: ORDERS, quiet: true }), launchChromium(), tempDir('writes-')]);
  engine = await openSignIn(dir.path, { openExternal: consentClicker(browser, { decision: 'Allow' }) });
  account = await engine.auth.connect(sandbox.url);
  // Step-up, as the app does on first use: the write scopes are not asked at sign-in.
  expect(account.grantedScopes).not.toContain('coupons:write');
  account = await engine.auth.grantScopes(account.id, ['coupons:read', 'coupons:write']);
  api = new ApiClient(engine.auth, { logger: engine.logger, sleep: async () => undefined, maxRetries: 1 });
}, 90_000);

afterAll(async () => {
  await Promise.all([sandbox?.close().catch(() => undefined), browser?.close()]);
  await dir?.remove();
});

describe('writes against the sandbox', { timeout: 120_000 }, () => {
  it('sends a write, logs it, and undoes it with the inverse operation', async () => {
    const writes = service();
    const active = (await api.paginate(account.id, 'listCoupons', Coupon, { query: { state: 'active' } }))[0]!;
    const request: WriteRequest = { kind: 'coupon.setEnabled', couponId: active.id, code: active.code, enabled: false, seenUpdatedAt: active.updated_at };
    const outcome = await writes.perform(account.id, request);
    expect(outcome).toMatchObject({ status: 'done', message: `Disabled coupon “${active.code}”` });
    expect((await coupon(active.id)).state).toBe('disabled');
    if (outcome.status !== 'done' || !outcome.undo) throw new Error('expected an undo');
    expect(await writes.perform(account.id, outcome.undo)).toMatchObject({ status: 'done' });
    expect((await coupon(active.id)).state).toBe('active');
    const log = await writes.activity(account.id);
    expect(log.map((e) => [e.summary, e.result])).toEqual([[`Enable coupon “${active.code}”`, 'done'], [`Disable coupon “${active.code}”`, 'done']]);

    // A stale view: the record changed since the admin saw it, so the write is refused, not applied.
    await expect(writes.perform(account.id, request)).rejects.toMatchObject({ code: 'request_refused', message: expect.stringContaining('was changed on the platform') });
    expect((await coupon(active.id)).state).toBe('active');
    // The platform's own refusal, in plain words.
    await expect(writes.perform(account.id, { kind: 'coupon.create', draft: { code: active.code, discount: { kind: 'percent', percentOff: 5 }, startsAt: null, endsAt: null, usageLimit: null, perBuyerLimit: null, courseIds: [] } }))
      .rejects.toMatchObject({ message: expect.stringMatching(/^Could not create coupon “.*”\. .* said: A coupon with code .* already exists\.$/) });
  });

  it('keeps writes made while the platform is down in the outbox, sends them when it is back, and refuses one whose record changed', async () => {
    const writes = service();
    const [a, b] = await api.paginate(account.id, 'listCoupons', Coupon, { query: { state: 'active' } });
    const sub = (await api.paginate(account.id, 'listSubscriptions', Subscription, { query: { state: 'active', canceling: false } }))[0]!;
    await sandbox.close();

    const draft = { code: 'OUTBOX10', discount: { kind: 'percent' as const, percentOff: 10 }, startsAt: null, endsAt: null, usageLimit: 50, perBuyerLimit: 1, courseIds: [] };
    const created = await writes.perform(account.id, { kind: 'coupon.create', draft });
    expect(created).toMatchObject({ status: 'queued' });
    const disabled = await writes.perform(account.id, { kind: 'coupon.setEnabled', couponId: b!.id, code: b!.code, enabled: false, seenUpdatedAt: b!.updated_at });
    expect(disabled).toMatchObject({ status: 'queued' });
    // Made offline without the permission it needs: it waits too, and asks for it when sent.
    const cancel = await writes.perform(account.id, { kind: 'subscription.cancel', subscriptionId: sub.id, memberName: sub.member_name, atPeriodEnd: true, seenUpdatedAt: sub.updated_at });
    expect(cancel).toMatchObject({ status: 'queued' });
    expect((await writes.outbox(account.id)).map((i) => [i.summary, i.state])).toEqual([
      ['Create coupon “OUTBOX10”', 'waiting'], [`Disable coupon “${b!.code}”`, 'waiting'], [`Cancel “${sub.member_name}”'s subscription at period end`, 'waiting'],
    ]);
    // Encrypted at rest: nothing the admin typed is readable on disk.
    expect(await allFileText(`${dir.path}/writes`)).not.toContain('OUTBOX10');
    // Still down: nothing is sent, nothing is lost.
    expect(await writes.flush(account.id)).toMatchObject({ sent: 0, waiting: 3 });

    // A restart of the app: the outbox and the log come back from disk.
    const restarted = service();
    expect((await restarted.outbox(account.id)).length).toBe(3);

    sandbox = await startSandbox({ port, seed: SEED, orders: ORDERS, quiet: true });
    // Meanwhile someone changed coupon b on the platform (disabled and enabled it again).
    await api.call(account.id, 'disableCoupon', Coupon, { path: { coupon_id: b!.id } });
    await api.call(account.id, 'enableCoupon', Coupon, { path: { coupon_id: b!.id } });

    expect(await restarted.flush(account.id)).toEqual({ sent: 1, conflicts: 1, failed: 1, waiting: 0 });
    const needsScope = (await restarted.outbox(account.id)).find((i) => i.request.kind === 'subscription.cancel')!;
    expect(needsScope).toMatchObject({ state: 'failed', missingScopes: ['subscriptions:write'], reason: expect.stringContaining('permission') });
    // The admin's own Send on it: the step-up is asked for (the screen runs it), then it goes.
    await expect(restarted.flush(account.id, needsScope.id)).rejects.toMatchObject({ code: 'insufficient_scope' });
    account = await engine.auth.grantScopes(account.id, ['subscriptions:write']);
    expect(await restarted.flush(account.id, needsScope.id)).toMatchObject({ sent: 1 });
    expect((await api.call(account.id, 'getSubscription', Subscription, { path: { subscription_id: sub.id } })).canceling).toBe(true);
    const all = await api.paginate(account.id, 'listCoupons', Coupon, { query: { q: 'OUTBOX10' } });
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ kind: 'percent', percent_off: 10, usage_limit: 50, per_buyer_limit: 1, state: 'active' });
    expect((await coupon(b!.id)).state).toBe('active');
    const left = await restarted.outbox(account.id);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ state: 'conflict', reason: expect.stringContaining(`Coupon “${b!.code}” was changed on the platform`) });
    const log = await restarted.activity(account.id);
    expect(log.slice(0, 4).map((e) => [e.summary, e.result])).toEqual([
      [`Cancel “${sub.member_name}”'s subscription at period end`, 'sent'],
      [`Cancel “${sub.member_name}”'s subscription at period end`, 'failed'],
      [`Disable coupon “${b!.code}”`, 'conflict'],
      ['Create coupon “OUTBOX10”', 'sent'],
    ]);
    // The coupon sent from the outbox is named in the log by the id the platform gave it.
    expect(log.find((e) => e.result === 'sent' && e.kind === 'coupon.create')!.target).toEqual({ type: 'coupon', id: all[0]!.id, name: 'OUTBOX10' });

    // The admin drops it; the log says so.
    expect(await restarted.drop(account.id, left[0]!.id)).toBe(true);
    expect(await restarted.outbox(account.id)).toEqual([]);
    expect((await restarted.activity(account.id))[0]).toMatchObject({ result: 'dropped' });
    expect(changed.at(-1)).toEqual({ accountId: account.id, outbox: 0 });
    expect(a).toBeDefined();
  });

  it("a student's writes: tags with undo, a stale tag change refused, unenroll then undo (progress not back), a gone enrollment refused", async () => {
    const writes = service();
    account = await engine.auth.grantScopes(account.id, ['students:read', 'students:write']);
    const students = await api.paginate(account.id, 'listStudents', Person, { query: { limit: 50 } });
    let student: Person | null = null;
    let started: Enrollment | undefined;
    for (const candidate of students) {
      started = (await api.paginate(account.id, 'listStudentEnrollments', Enrollment, { path: { student_id: candidate.id } })).find((e) => e.progress > 0);
      if (started) {
        student = await api.call(account.id, 'getStudent', Person, { path: { student_id: candidate.id } });
        break;
      }
    }
    if (!student || !started) throw new Error('no student with a started enrollment');
    const read = () => api.call(account.id, 'getStudent', Person, { path: { student_id: student.id } });
    const setTags: WriteRequest = { kind: 'student.setTags', studentId: student.id, studentName: student.name, tags: [...student.tags, 'it-check'], previousTags: student.tags, seenUpdatedAt: student.updated_at ?? null };
    const done = await writes.perform(account.id, setTags);
    expect((await read()).tags).toEqual([...student.tags, 'it-check']);
    if (done.status !== 'done' || !done.undo) throw new Error('expected an undo');
    await writes.perform(account.id, done.undo);
    expect((await read()).tags).toEqual(student.tags);
    // The same change again, from the view before: the student changed since, so it is refused.
    await expect(writes.perform(account.id, setTags)).rejects.toMatchObject({ code: 'request_refused', message: expect.stringContaining(`Student “${student.name}” was changed on the platform`) });

    const unenroll: WriteRequest = { kind: 'student.unenroll', studentId: student.id, studentName: student.name, enrollmentId: started.id, courseId: started.course_id, courseTitle: 'The course', planId: null, planName: null, progress: started.progress, seenUpdatedAt: started.updated_at ?? null };
    const gone = await writes.perform(account.id, unenroll);
    const list = () => api.paginate(account.id, 'listStudentEnrollments', Enrollment, { path: { student_id: student.id } });
    expect((await list()).some((e) => e.id === started.id)).toBe(false);
    if (gone.status !== 'done' || !gone.undo) throw new Error('expected an undo');
    await writes.perform(account.id, gone.undo);
    expect((await list()).find((e) => e.course_id === started.course_id)).toMatchObject({ progress: 0, plan_id: null });
    // The old enrollment no longer exists: unenrolling it again is refused with the reason, not sent.
    await expect(writes.perform(account.id, unenroll)).rejects.toMatchObject({ code: 'request_refused' });
  });

  it('publishing a course needs courses:write: insufficient_scope naming it, then, granted, the platform has it published', async () => {
    const writes = service();
    const target = (await api.paginate(account.id, 'listCourses', Course, { query: { limit: 100 } })).find((c) => c.state !== 'published')!;
    const request: WriteRequest = { kind: 'course.setPublished', courseId: target.id, title: target.title, published: true, seenUpdatedAt: target.updated_at ?? null };
    await expect(writes.perform(account.id, request)).rejects.toMatchObject({ code: 'insufficient_scope', missingScopes: ['courses:write'] });
    account = await engine.auth.grantScopes(account.id, ['courses:write']);
    expect(await writes.perform(account.id, request)).toMatchObject({ status: 'done', message: `Published “${target.title}”` });
    expect((await api.call(account.id, 'getCourse', Course, { path: { course_id: target.id } })).state).toBe('published');
  });
});
