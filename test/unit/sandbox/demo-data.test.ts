import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Coupon, Enrollment, Order, Subscription } from '../../../shared/platform/resources';
import { createDemoPlatform, type DemoPlatform } from '../../sandbox/data';
import { harness, NOW } from './helpers';

function fingerprint(platform: DemoPlatform): string {
  const hash = createHash('sha256');
  for (const [, school] of platform.data) {
    for (const store of [school.orders, school.students, school.enrollments]) {
      for (const value of Object.values(store)) {
        if (ArrayBuffer.isView(value)) hash.update(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      }
    }
    hash.update(JSON.stringify([school.school, school.catalog.courses.map((c) => [c.course, c.curriculum]), school.catalog.coupons.map((c) => c.coupon), school.members, school.subscriptions, school.extras, school.courseStats]));
  }
  return hash.digest('hex');
}

describe('demo data', () => {
  it('is the same for the same seed and now, byte for byte, and differs for another seed', () => {
    const a = createDemoPlatform({ orders: 3000, seed: 42, now: NOW });
    const b = createDemoPlatform({ orders: 3000, seed: 42, now: NOW });
    const c = createDemoPlatform({ orders: 3000, seed: 43, now: NOW });
    expect(fingerprint(a)).toBe(fingerprint(b));
    expect(fingerprint(a)).not.toBe(fingerprint(c));
  });

  it('has three schools: USD with some EUR in New York, zero-decimal JPY in Tokyo, TWD with some USD in Taipei, 65/15/20 of the orders', () => {
    const { platform } = harness({ orders: 4000 });
    const [lumen, sakura, zhixing] = platform.schools;
    expect(lumen).toMatchObject({ currency: 'USD', time_zone: 'America/New_York' });
    expect(sakura).toMatchObject({ currency: 'JPY', time_zone: 'Asia/Tokyo' });
    expect(zhixing).toMatchObject({ name: '知行學苑', currency: 'TWD', time_zone: 'Asia/Taipei' });
    const [one, two, three] = [lumen, sakura, zhixing].map((school) => platform.data.get(school!.id)!);
    expect(one!.orders.count + two!.orders.count + three!.orders.count).toBe(4000);
    expect([one!.orders.count / 4000, two!.orders.count / 4000, three!.orders.count / 4000]).toEqual([0.65, 0.15, 0.2]);
    expect(one!.currencies).toEqual(['USD', 'EUR']);
    expect(two!.currencies).toEqual(['JPY']);
    expect(three!.currencies).toEqual(['TWD', 'USD']);
    for (const [data, low, high] of [[one!, 0.08, 0.25], [three!, 0.06, 0.2]] as const) {
      const abroad = data.orders.currency.filter((c) => c === 1).length / data.orders.count;
      expect(abroad).toBeGreaterThan(low);
      expect(abroad).toBeLessThan(high);
    }
  });

  it('writes the Taiwanese school in Traditional Chinese: family name first, romanised e-mails, Chinese titles, sections, coupons and comments', () => {
    const { platform } = harness({ orders: 4000 });
    const data = platform.data.get(platform.schools[2]!.id)!;
    const han = /\p{Script=Han}/u;
    for (let s = 0; s < data.students.count; s++) {
      const name = data.students.name(s);
      expect(name).toMatch(/^\p{Script=Han}{2,4}$/u);
      expect(data.students.email(s)).toMatch(/^[a-z]+\.[a-z]+\d+@[a-z.]+$/);
      // Written family name first: the e-mail's second part romanises the first character(s).
      expect(data.profile.lastNames.some(([last]) => name.startsWith(last))).toBe(true);
    }
    // The admin's tags are the school's own words (VIP stays VIP, as Taiwanese admins write it).
    const tags = new Set<string>();
    for (let s = 0; s < data.students.count; s++) for (const tag of data.students.tags(s)) tags.add(tag);
    for (const member of data.members) for (const tag of member.tags) tags.add(tag);
    expect(tags.size).toBeGreaterThanOrEqual(4);
    for (const tag of tags) expect(['電子報', 'VIP', '企業學員', '獎學金', '校友', '搶先體驗']).toContain(tag);
    for (const { course, curriculum } of data.catalog.courses) {
      expect(course.title).toMatch(han);
      for (const section of curriculum.sections) expect(section.title).toMatch(han);
      for (const category of course.categories) expect(data.profile.categories).toContain(category);
    }
    for (const { coupon } of data.catalog.coupons) expect(coupon.description).toMatch(han);
    for (const comment of data.extras.comments) expect(comment.body).toMatch(han);
    for (const event of data.catalog.events) expect(event.title).toMatch(han);
    const methods = new Set<string>();
    for (let i = 0; i < data.orders.count; i++) {
      const o = data.orders.materialize(i, data.catalog, data.students);
      methods.add(`${o.currency} ${o.payment_method}`);
      // TWD in whole dollars (ISO 4217 gives it cents, Taiwanese prices and discounts have none).
      if (o.currency === 'TWD') for (const v of [o.original_amount, o.discount_amount, o.paid_amount, o.refunded_amount]) expect(v % 100).toBe(0);
    }
    expect([...methods].filter((m) => m.startsWith('TWD')).sort()).toEqual(['TWD apple_pay', 'TWD atm', 'TWD credit_card', 'TWD cvs', 'TWD free', 'TWD line_pay']);
    // Learners abroad pay by card, PayPal or Apple Pay, not at a Taiwanese ATM or convenience store.
    expect([...methods].filter((m) => m.startsWith('USD') && /atm|cvs|line_pay/.test(m))).toEqual([]);
  });

  it('keeps order money consistent: items add up, refunds are full, unpaid orders have no paid_at, JPY is whole', () => {
    const { platform } = harness({ orders: 4000 });
    for (const [, school] of platform.data) {
      // Collect every broken rule, then assert once: a readable failure and a fast test.
      const problems: string[] = [];
      const check = (ok: boolean, o: Order, rule: string) => { if (!ok) problems.push(`${o.id}: ${rule}`); };
      let sales = 0;
      let refunded = 0;
      let withCoupon = 0;
      for (let i = 0; i < school.orders.count; i++) {
        const o: Order = school.orders.materialize(i, school.catalog, school.students);
        const sum = (f: 'original_amount' | 'discount_amount' | 'amount') => o.items.reduce((n, item) => n + item[f], 0);
        check(o.items.length > 0, o, 'has items');
        check(sum('original_amount') === o.original_amount, o, 'original = sum of items');
        check(sum('discount_amount') === o.discount_amount, o, 'discount = sum of items');
        check(o.items.every((item) => item.amount === item.original_amount - item.discount_amount), o, 'item amount = original - discount');
        check([o.original_amount, o.discount_amount, o.paid_amount, o.refunded_amount].every((v) => Number.isInteger(v) && v >= 0), o, 'whole non-negative minor units');
        check(Date.parse(o.created_at) < NOW.getTime(), o, 'created before now');
        check(Date.parse(o.updated_at) >= Date.parse(o.created_at), o, 'updated after created');
        if (['paid', 'refunding', 'refunded'].includes(o.state)) {
          sales++;
          check(o.paid_at !== null && Date.parse(o.paid_at) >= Date.parse(o.created_at) && Date.parse(o.paid_at) < NOW.getTime(), o, 'paid between creation and now');
          check(o.paid_amount === o.original_amount - o.discount_amount, o, 'paid = original - discount');
          if (o.coupon) withCoupon++;
        } else {
          check(o.paid_at === null && o.paid_amount === 0, o, 'unpaid: no paid_at, paid 0');
        }
        if (o.state === 'refunded') {
          refunded++;
          check(o.refunded_amount === o.paid_amount, o, 'full refund');
        } else check(o.refunded_amount === 0, o, 'no refund');
        if (o.state === 'manual_enrolled') check(o.original_amount === 0 && o.payment_method === 'free', o, 'manual enrollment is free');
        if (school.school.currency === 'JPY') check(o.currency === 'JPY', o, 'JPY school sells in JPY');
      }
      expect(problems).toEqual([]);
      expect(withCoupon / sales).toBeGreaterThan(0.09);
      expect(withCoupon / sales).toBeLessThan(0.24);
      expect(refunded / sales).toBeGreaterThan(0.02);
      expect(refunded / sales).toBeLessThan(0.07);
    }
  });

  it('counts coupon redemptions from the orders and respects windows, limits and currencies', () => {
    const { platform } = harness({ orders: 6000 });
    for (const [, school] of platform.data) {
      const counts = new Map<string, number>();
      for (let i = 0; i < school.orders.count; i++) {
        const o = school.orders.materialize(i, school.catalog, school.students);
        if (!o.coupon) continue;
        const coupon: Coupon = school.catalog.coupons.find((c) => c.coupon.id === o.coupon!.coupon_id)!.coupon;
        expect(coupon.code).toBe(o.coupon.code);
        expect(Date.parse(o.created_at)).toBeGreaterThanOrEqual(Date.parse(coupon.starts_at));
        if (coupon.ends_at) expect(Date.parse(o.created_at)).toBeLessThan(Date.parse(coupon.ends_at));
        if (coupon.kind === 'fixed') expect(coupon.currency).toBe(o.currency);
        if (o.state !== 'manual_enrolled') expect(o.discount_amount).toBeGreaterThan(0);
        if (['paid', 'refunding', 'refunded'].includes(o.state)) counts.set(coupon.id, (counts.get(coupon.id) ?? 0) + 1);
      }
      for (const { coupon } of school.catalog.coupons) {
        expect(coupon.redemptions).toBe(counts.get(coupon.id) ?? 0);
        if (coupon.usage_limit !== null) expect(coupon.redemptions).toBeLessThanOrEqual(coupon.usage_limit);
        expect(coupon.kind === 'percent' ? coupon.percent_off !== null && coupon.amount_off === null : coupon.amount_off !== null && coupon.currency !== null).toBe(true);
      }
      expect(school.catalog.coupons.some((c) => c.promo && c.coupon.redemptions > 0)).toBe(true);
    }
  });

  it('builds catalogues of 20-40 courses with 3-10 sections of 2-8 lectures, 1-3 lecturers and several plan kinds', () => {
    const { platform } = harness();
    for (const [, school] of platform.data) {
      const courses = school.catalog.courses;
      expect(courses.length).toBeGreaterThanOrEqual(20);
      expect(courses.length).toBeLessThanOrEqual(40);
      expect(new Set(courses.map((c) => c.course.state))).toEqual(new Set(['draft', 'published', 'hidden']));
      const kinds = new Set(courses.flatMap((c) => c.course.pricing_plans.map((p) => p.kind)));
      expect(kinds.size).toBeGreaterThanOrEqual(4);
      for (const { course, curriculum } of courses) {
        expect(curriculum.sections.length).toBe(course.sections_count);
        expect(course.sections_count).toBeGreaterThanOrEqual(3);
        expect(course.sections_count).toBeLessThanOrEqual(10);
        for (const s of curriculum.sections) {
          expect(s.lectures.length).toBeGreaterThanOrEqual(2);
          expect(s.lectures.length).toBeLessThanOrEqual(8);
          for (const l of s.lectures) expect(l.attachments.length).toBeGreaterThan(0);
        }
        expect(course.lectures_count).toBe(curriculum.sections.reduce((n, s) => n + s.lectures.length, 0));
        expect(course.lecturer_ids.length).toBeGreaterThanOrEqual(1);
        expect(course.lecturer_ids.length).toBeLessThanOrEqual(3);
        expect(course.published_at === null).toBe(course.state === 'draft');
      }
    }
  });

  it('files each course under categories that fit its title, and runs its sections in teaching order', () => {
    const { platform } = harness();
    // Written here, not read from the generator: what an admin would expect of these titles.
    const expected: Record<string, string> = {
      'Design Systems in Practice': 'Design', 'Portrait Photography': 'Photo & Video', 'Modern JavaScript': 'Development',
      'Guitar for Absolute Beginners': 'Music & Audio', 'SEO Without the Jargon': 'Marketing', 'Python入門': 'プログラミング', '家庭料理の基本': '料理',
      'Python 資料分析入門': '程式設計', '手機攝影完全攻略': '攝影', '多益 800 分衝刺班': '語言學習', '美股 ETF 投資實戰': '理財投資', 'Excel 函數與樞紐分析': '職場技能',
    };
    let checked = 0;
    for (const [, school] of platform.data) {
      const byTitle = new Map(school.profile.courseTitles.map((t) => [t.title, t.categories]));
      for (const { course, curriculum } of school.catalog.courses) {
        const fitting = byTitle.get(course.title)!;
        expect(course.categories.length).toBeGreaterThanOrEqual(1);
        expect(course.categories[0], course.title).toBe(fitting[0]);
        for (const category of course.categories) expect(fitting, course.title).toContain(category);
        if (expected[course.title]) {
          expect(course.categories[0], course.title).toBe(expected[course.title]);
          checked++;
        }
        // Teaching order: welcome first, common mistakes after the techniques, the final project last.
        const order = curriculum.sections.map((s) => school.profile.sectionTitles.indexOf(s.title));
        expect(order, course.title).toEqual([...order].sort((a, b) => a - b));
        const titles = curriculum.sections.map((s) => s.title);
        if (titles.includes('Welcome and setup')) expect(titles[0]).toBe('Welcome and setup');
        if (titles.includes('Final project and next steps')) expect(titles.at(-1)).toBe('Final project and next steps');
        if (titles.includes('Common mistakes') && titles.includes('Foundations')) expect(titles.indexOf('Foundations')).toBeLessThan(titles.indexOf('Common mistakes'));
        if (titles.includes('課程介紹與環境準備')) expect(titles[0]).toBe('課程介紹與環境準備');
        if (titles.includes('期末專題與下一步')) expect(titles.at(-1)).toBe('期末專題與下一步');
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('derives enrollments from access-granting curriculum-plan items, once per student and course, with coherent progress', () => {
    const { platform } = harness({ orders: 4000 });
    for (const [, school] of platform.data) {
      const { enrollments, orders, catalog } = school;
      const expected = new Set<string>();
      for (let i = 0; i < orders.count; i++) {
        const order = orders.materialize(i, catalog, school.students);
        if (!['paid', 'refunding', 'manual_enrolled'].includes(order.state)) continue;
        for (const item of order.items) if (item.course_id) expected.add(`${order.buyer.id}|${item.course_id}`);
      }
      const seen = new Set<string>();
      const problems: string[] = [];
      let stalled = 0;
      let completed = 0;
      for (let e = 0; e < enrollments.count; e++) {
        const en: Enrollment = enrollments.materialize(e, catalog, (s) => school.students.id(s));
        const key = `${en.student_id}|${en.course_id}`;
        if (seen.has(key)) problems.push(`${en.id}: second enrollment of ${key}`);
        seen.add(key);
        if (!(en.progress >= 0 && en.progress <= 1)) problems.push(`${en.id}: progress ${en.progress}`);
        if ((en.completed_at !== null) !== (en.progress === 1)) problems.push(`${en.id}: completed iff progress 1`);
        if ((en.current_section_id === null) !== (en.last_activity_at === null)) problems.push(`${en.id}: a section iff activity`);
        if (en.last_activity_at && !(Date.parse(en.last_activity_at) >= Date.parse(en.enrolled_at) && Date.parse(en.last_activity_at) < NOW.getTime())) problems.push(`${en.id}: activity between enrollment and now`);
        if (en.completed_at) completed++;
        else if (en.current_section_id) stalled++;
      }
      expect(problems).toEqual([]);
      expect(seen).toEqual(expected);
      expect(completed).toBeGreaterThan(0);
      expect(stalled).toBeGreaterThan(completed);
    }
  });

  it('gives subscriptions coherent states: ended ones have canceled_at, living ones a current period around now', () => {
    const { platform } = harness({ orders: 6000 });
    for (const [, school] of platform.data) {
      const states = new Set<string>();
      for (const s of school.subscriptions as Subscription[]) {
        states.add(s.state);
        const plan = school.catalog.membershipPlans.find((p) => p.id === s.plan_id)!;
        expect(plan.kind).toBe('recurring');
        expect(plan.currency).toBe(s.currency);
        expect(plan.prices).toContainEqual({ interval: s.interval, amount: s.amount });
        expect(school.members.some((m) => m.id === s.member_id && m.name === s.member_name)).toBe(true);
        expect(Date.parse(s.current_period_end)).toBeGreaterThan(Date.parse(s.current_period_start));
        if (s.state === 'canceled' || s.state === 'expired') {
          expect(s.canceled_at).not.toBeNull();
          expect(s.next_charge_at).toBeNull();
          expect(s.canceling).toBe(false);
        } else {
          expect(s.canceled_at).toBeNull();
          expect(Date.parse(s.current_period_end)).toBeGreaterThan(NOW.getTime());
          if (s.canceling) expect(s.next_charge_at).toBeNull();
        }
      }
      expect(states).toContain('active');
      expect(states).toContain('canceled');
    }
  });

  it('counts event tickets from the orders and never oversells', () => {
    const { platform } = harness({ orders: 6000 });
    for (const [, school] of platform.data) {
      for (const event of school.catalog.events) {
        let sold = 0;
        for (const t of event.tickets) {
          expect(t.sold).toBeLessThanOrEqual(t.capacity);
          sold += t.sold;
        }
        expect(event.attendees.enrolled).toBe(sold);
        expect(event.attendees.checked_in + event.attendees.no_show).toBe(Date.parse(event.starts_at) < NOW.getTime() ? sold : 0);
      }
    }
  });

  it('works from no orders to a few, with any `now` (a leap day, mid-second), every list answering', async () => {
    for (const [orders, now] of [[0, '2028-02-29T13:45:12.345Z'], [1, '2026-11-21T00:00:00Z'], [37, '2024-03-10T07:00:00Z']] as const) {
      const h = harness({ orders, now: new Date(now) });
      let total = 0;
      for (const school of h.platform.schools) {
        const data = h.platform.data.get(school.id)!;
        total += data.orders.count;
        for (let i = 0; i < data.orders.count; i++) expect(data.orders.createdAt[i]).toBeLessThan(Date.parse(now));
        for (const route of h.routes.filter((r) => r.method === 'GET' && !r.path.includes('{'))) {
          const query: Record<string, string> = route.path.includes('analytics') ? { from: '2020-01-01T00:00:00Z', to: '2030-01-01T00:00:00Z', interval: 'month' } : {};
          expect((await h.call(route.operationId, { school: school.id, query })).status).toBe(200);
        }
      }
      expect(total).toBe(orders);
    }
  });
});
