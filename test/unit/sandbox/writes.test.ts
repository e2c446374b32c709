import { describe, expect, it } from 'vitest';
import type { Coupon, Course, Order, Page, Subscription } from '../../../shared/platform/resources';
import { harness, NOW } from './helpers';

const CLOCK = NOW.getTime() + 3_600_000;

describe('write endpoints', () => {
  it('publishes and unpublishes courses, stamping published_at once and keeping drafts unpublishable', async () => {
    const h = harness();
    const data = h.platform.data.get(h.platform.schools[0]!.id)!;
    const draft = data.catalog.courses.find((c) => c.course.state === 'draft')!.course;
    expect((await h.fails('unpublishCourse', { params: { course_id: draft.id } })).code).toBe('conflict');
    const published = (await h.call('publishCourse', { params: { course_id: draft.id } })).body as Course;
    expect(published).toMatchObject({ state: 'published', published_at: new Date(CLOCK).toISOString() });
    const anonymous = await h.call('getCourse', { anonymous: true, params: { course_id: draft.id } });
    expect((anonymous.body as Course).state).toBe('published');
    const hidden = (await h.call('unpublishCourse', { params: { course_id: draft.id } })).body as Course;
    expect(hidden).toMatchObject({ state: 'hidden', published_at: published.published_at });
    expect((await h.fails('getCourse', { anonymous: true, params: { course_id: draft.id } })).status).toBe(404);
    expect((await h.fails('publishCourse', { params: { course_id: 'crs_1_999' } })).status).toBe(404);
  });

  it('creates coupons with validation, refuses duplicate codes, and disables them', async () => {
    const h = harness();
    const created = await h.call('createCoupon', { body: { code: 'Launch25', kind: 'fixed', amount_off: 2500, currency: 'EUR', ends_at: '2027-01-01T00:00:00Z', usage_limit: 100 } });
    expect(created.status).toBe(201);
    const coupon = created.body as Coupon;
    expect(coupon).toMatchObject({ code: 'Launch25', kind: 'fixed', amount_off: 2500, currency: 'EUR', percent_off: null, redemptions: 0, state: 'active', usage_limit: 100, starts_at: new Date(CLOCK).toISOString() });
    expect((await h.fails('createCoupon', { body: { code: 'launch25', kind: 'percent', percent_off: 5 } })).code).toBe('conflict');
    const listed = (await h.all<Coupon>('listCoupons', { query: { q: 'launch' } })).items;
    expect(listed.map((c) => c.id)).toEqual([coupon.id]);
    const bad: [unknown, string][] = [
      [{ code: 'X', kind: 'percent', percent_off: 5 }, 'code'],
      [{ code: 'HALF', kind: 'percent' }, 'percent_off'],
      [{ code: 'HALF', kind: 'percent', percent_off: 150 }, 'percent_off'],
      [{ code: 'FIVE', kind: 'fixed', amount_off: 500 }, 'amount_off'],
      [{ code: 'FIVE', kind: 'fixed', amount_off: 500, currency: 'JPY' }, 'currency'],
      [{ code: 'FIVE', kind: 'fixed', amount_off: 5.5, currency: 'USD' }, 'amount_off'],
      [{ code: 'LATE', kind: 'percent', percent_off: 5, starts_at: '2027-01-02T00:00:00Z', ends_at: '2027-01-01T00:00:00Z' }, 'ends_at'],
      [{ code: 'EXTRA', kind: 'percent', percent_off: 5, colour: 'red' }, 'body'],
      ['not json object', 'body'],
    ];
    for (const [body, name] of bad) {
      const error = await h.fails('createCoupon', { body });
      expect(error.status, JSON.stringify(body)).toBe(400);
      expect(error.message, JSON.stringify(body)).toContain(name);
    }
    const disabled = (await h.call('disableCoupon', { params: { coupon_id: coupon.id } })).body as Coupon;
    expect(disabled.state).toBe('disabled');
    expect((await h.all<Coupon>('listCoupons', { query: { state: 'disabled' } })).items.map((c) => c.id)).toContain(coupon.id);
    expect((await h.fails('disableCoupon', { params: { coupon_id: 'cpn_1_999' } })).status).toBe(404);
  });

  it('creates coupons with an amount per currency and courses, enables them again, and moves updated_at only on a real change', async () => {
    const h = harness();
    const data = h.platform.data.get(h.platform.schools[0]!.id)!;
    const courseId = data.catalog.courses[0]!.course.id;
    const created = (await h.call('createCoupon', { body: { code: 'TWOWAY', kind: 'fixed', amounts_off: [{ currency: 'USD', amount: 500 }, { currency: 'EUR', amount: 450 }], course_ids: [courseId], per_buyer_limit: 1 } })).body as Coupon;
    expect(created).toMatchObject({ amount_off: 500, currency: 'USD', amounts_off: [{ currency: 'USD', amount: 500 }, { currency: 'EUR', amount: 450 }], course_ids: [courseId], per_buyer_limit: 1, updated_at: new Date(CLOCK).toISOString() });
    expect((await h.fails('createCoupon', { body: { code: 'DUPCUR', kind: 'fixed', amounts_off: [{ currency: 'USD', amount: 5 }, { currency: 'USD', amount: 6 }] } })).message).toContain('amounts_off');
    expect((await h.fails('createCoupon', { body: { code: 'NOCOURSE', kind: 'percent', percent_off: 5, course_ids: ['crs_9_9'] } })).message).toContain('course_ids');

    const seeded = data.catalog.coupons.find((c) => c.coupon.state === 'active')!.coupon;
    const before = seeded.updated_at;
    expect(Date.parse(before)).toBeLessThan(CLOCK);
    expect(((await h.call('enableCoupon', { params: { coupon_id: seeded.id } })).body as Coupon).updated_at).toBe(before);
    const disabled = (await h.call('disableCoupon', { params: { coupon_id: seeded.id } })).body as Coupon;
    expect(disabled).toMatchObject({ state: 'disabled', updated_at: new Date(CLOCK).toISOString() });
    const enabled = (await h.call('enableCoupon', { params: { coupon_id: seeded.id } })).body as Coupon;
    expect(enabled.state).toBe('active');
    expect(((await h.call('getCoupon', { params: { coupon_id: seeded.id } })).body as Coupon).state).toBe('active');
    expect((await h.fails('enableCoupon', { params: { coupon_id: 'cpn_1_999' } })).status).toBe(404);

    const sub = data.subscriptions.find((s) => s.state === 'active' && !s.canceling)!;
    const subBefore = sub.updated_at;
    const canceled = (await h.call('cancelSubscription', { params: { subscription_id: sub.id }, body: {} })).body as Subscription;
    expect(canceled.updated_at).not.toBe(subBefore);
    expect(((await h.call('getSubscription', { params: { subscription_id: sub.id } })).body as Subscription).canceling).toBe(true);
  });

  it('cancels subscriptions at period end or now, and refuses ended ones', async () => {
    const h = harness();
    const data = h.platform.data.get(h.platform.schools[1]!.id)!;
    const school = data.school.id;
    const [a, b] = data.subscriptions.filter((s) => s.state === 'active' && !s.canceling) as [Subscription, Subscription];
    const atEnd = (await h.call('cancelSubscription', { school, params: { subscription_id: a.id }, body: {} })).body as Subscription;
    expect(atEnd).toMatchObject({ state: 'active', canceling: true, next_charge_at: null, canceled_at: null });
    const now = (await h.call('cancelSubscription', { school, params: { subscription_id: b.id }, body: { at_period_end: false } })).body as Subscription;
    expect(now).toMatchObject({ state: 'canceled', canceling: false, canceled_at: new Date(CLOCK).toISOString() });
    expect((await h.fails('cancelSubscription', { school, params: { subscription_id: b.id }, body: {} })).code).toBe('conflict');
    const canceling = (await h.all<Subscription>('listSubscriptions', { school, query: { canceling: 'true' } })).items;
    expect(canceling.map((s) => s.id)).toContain(a.id);
    expect(canceling.every((s) => s.canceling)).toBe(true);
    expect((await h.fails('listSubscriptions', { school, query: { canceling: 'yes' } })).message).toContain('canceling');
  });

  it('keeps every change while the platform runs', async () => {
    const h = harness();
    const data = h.platform.data.get(h.platform.schools[0]!.id)!;
    const course = data.catalog.courses[0]!;
    const section = course.curriculum.sections[1]!;
    await h.call('updateCurriculumSection', { params: { course_id: course.course.id, section_id: section.id }, body: { title: '  Deep dive  ' } });
    await h.call('updateSchool', { body: { name: 'Lumen Academy Online', time_zone: 'America/Chicago' } });
    await h.call('updateAppearance', { body: { primary_color: '#ABCDEF', logo_url: null } });
    await h.call('updateAccount', { body: { name: 'Alex M.' } });
    const member = data.members[0]!;
    await h.call('updateMember', { params: { member_id: member.id }, body: { name: 'Renamed Member' } });
    await h.call('updatePage', { params: { page_id: data.extras.pages[0]!.id }, body: { title: 'Welcome' } });
    await h.call('updatePost', { params: { post_id: data.extras.posts[0]!.id }, body: { published: false } });
    await h.call('updateEvent', { params: { event_id: data.catalog.events[0]!.id }, body: { title: 'Renamed event' } });
    await h.call('updateLecturer', { params: { lecturer_id: data.catalog.lecturers[0]!.id }, body: { name: 'Dr. Lee' } });
    await h.call('updateDigitalProduct', { params: { product_id: data.catalog.digitalProducts[0]!.id }, body: { state: 'published' } });
    await h.call('updateMembershipPlan', { params: { plan_id: data.catalog.membershipPlans[0]!.id }, body: { course_ids: [course.course.id] } });
    const upload = await h.call('createUpload', { body: { name: 'syllabus.pdf', content_type: 'application/pdf', size: 1234 } });
    expect(upload.status).toBe(201);

    const curriculum = (await h.call('getCurriculum', { params: { course_id: course.course.id } })).body as { sections: { title: string }[] };
    expect(curriculum.sections[1]!.title).toBe('Deep dive');
    expect((await h.call('getSchool')).body).toMatchObject({ name: 'Lumen Academy Online', time_zone: 'America/Chicago' });
    expect(h.platform.schools[0]!.name).toBe('Lumen Academy Online');
    expect((await h.call('getAppearance')).body).toMatchObject({ primary_color: '#abcdef', logo_url: null });
    expect((await h.call('getAccount')).body).toMatchObject({ name: 'Alex M.' });
    expect((await h.call('getMember', { params: { member_id: member.id } })).body).toMatchObject({ name: 'Renamed Member' });
    const subs = (await h.all<Subscription>('listSubscriptions', { query: { member_id: member.id } })).items;
    expect(subs.length).toBeGreaterThan(0);
    expect(subs.every((s) => s.member_name === 'Renamed Member')).toBe(true);
    expect(((await h.call('listPages')).body as Page<{ title: string }>).data[0]!.title).toBe('Welcome');
    expect(((await h.call('listPosts')).body as Page<{ published_at: string | null }>).data[0]!.published_at).toBeNull();
    expect(((await h.call('listEvents')).body as Page<{ title: string }>).data[0]!.title).toBe('Renamed event');
    expect(((await h.call('listLecturers')).body as Page<{ name: string }>).data[0]!.name).toBe('Dr. Lee');
    expect(((await h.call('listDigitalProducts')).body as Page<{ state: string }>).data[0]!.state).toBe('published');
    expect(((await h.call('listMembershipPlans')).body as Page<{ course_ids: string[] }>).data[0]!.course_ids).toEqual([course.course.id]);
    // Sales reports follow the school's new time zone by default.
    const report = (await h.call('getSalesReport', { query: { from: '2026-10-01T00:00:00Z', to: '2026-10-03T00:00:00Z' } })).body as { time_zone: string };
    expect(report.time_zone).toBe('America/Chicago');
  });

  it('refuses empty, unknown or invalid changes without changing anything', async () => {
    const h = harness();
    const before = JSON.stringify((await h.call('getAppearance')).body);
    const bad: [string, Parameters<typeof h.call>[1], string][] = [
      ['updateAppearance', { body: {} }, 'body'],
      ['updateAppearance', { body: { primary_color: 'blue' } }, 'primary_color'],
      ['updateAppearance', { body: { theme: 'dark', primary_color: 'blue' } }, 'primary_color'],
      ['updateAccount', { body: { time_zone: 'Nowhere/Town' } }, 'time_zone'],
      ['updateSchool', { body: { currency: 'GBP' } }, 'body'],
      ['updateMembershipPlan', { params: { plan_id: h.platform.data.get(h.platform.schools[0]!.id)!.catalog.membershipPlans[0]!.id }, body: { course_ids: ['crs_2_1'] } }, 'course_ids'],
      ['createUpload', { body: { name: 'a.png', content_type: 'png', size: 1 } }, 'content_type'],
      ['createUpload', { body: { name: 'a.png', content_type: 'image/png', size: -1 } }, 'size'],
      ['updateEvent', { params: { event_id: 'evt_1_999' }, body: { title: 'x' } }, 'evt_1_999'],
    ];
    for (const [op, options, name] of bad) {
      const error = await h.fails(op, options);
      expect(error.status, op).toBe(name.startsWith('evt') ? 404 : 400);
      expect(error.message, op).toContain(name);
    }
    expect(JSON.stringify((await h.call('getAppearance')).body)).toBe(before);
  });

  it('leaves orders untouched by writes elsewhere: their totals stay derivable', async () => {
    const h = harness();
    const first = (await h.call('listOrders', { query: { limit: '5', sort: 'paid_amount' } })).body as Page<Order>;
    await h.call('createCoupon', { body: { code: 'NEWONE', kind: 'percent', percent_off: 10 } });
    const again = (await h.call('listOrders', { query: { limit: '5', sort: 'paid_amount' } })).body as Page<Order>;
    expect(again).toEqual(first);
  });
});
