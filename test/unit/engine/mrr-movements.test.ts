// MRR movements from the synced subscriptions: each kind of movement on members built for it, and over the
// sandbox's subscriptions for random ranges: MRR at both ends recomputed by brute force from the raw list, the
// movements adding up to the change, MRR now equal to the platform's report, and every member's change filed once.
import { describe, expect, it } from 'vitest';
import { mrrMovements } from '../../../electron/services/engine/worker/subscriptions-report';
import { toSubscriptionRecord } from '../../../electron/services/platform/analytics-platform';
import type { SubscriptionRecord } from '../../../shared/model/analytics';
import type { Subscription, SubscriptionsReport } from '../../../shared/platform/resources';
import { prng } from '../data/synthetic-orders';
import { harness } from '../sandbox/helpers';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1);
const at = (days: number) => new Date(T0 + days * DAY).toISOString();

function sub(member: string, amount: number, startDay: number, endDay: number | null, extra: Partial<SubscriptionRecord> = {}): SubscriptionRecord {
  return { ...toSubscriptionRecord({
    id: `sub_${member}_${startDay}_${amount}`, member_id: member, member_name: member, plan_id: 'plan_1', state: endDay === null ? 'active' : 'canceled',
    currency: 'USD', amount, interval: 'month', started_at: at(startDay), current_period_start: at(startDay), current_period_end: at(startDay + 30),
    next_charge_at: null, canceling: false, canceled_at: endDay === null ? null : at(endDay), updated_at: at(startDay),
  }), ...extra };
}

describe('MRR movements', () => {
  it('files each member once: new, reactivation, expansion, contraction, churn; trials pay nothing; per currency', () => {
    const list = [
      sub('new', 1000, 20, null), // starts inside the range
      sub('back', 500, -100, -50), sub('back', 700, 30, null), // paid before, gone at the start, back by the end
      sub('up', 1000, -10, 40), sub('up', 3000, 40, null), // switched to a dearer plan
      sub('down', 12_000, -10, 15, { interval: 'year' }), sub('down', 600, 15, null), // 1000/month → 600
      sub('gone', 2000, -30, 50), // churned
      sub('steady', 900, -30, null),
      sub('trial', 5000, 10, null, { state: 'trialing' }), // not paying yet
      sub('daily', 100, -5, null, { interval: 'day', currency: 'JPY' }), // 100 × 30 a month, in yen
      sub('late', 400, 70, null), // starts after the range
    ];
    const [jpy, usd] = mrrMovements(list, T0, T0 + 60 * DAY);
    expect(usd).toEqual({ currency: 'USD', mrrAtStart: 700 * 0 + 1000 + 1000 + 2000 + 900, mrrAtEnd: 1000 + 700 + 3000 + 600 + 900, new: 1000, reactivation: 700, expansion: 2000, contraction: 400, churn: 2000 });
    expect(jpy).toEqual({ currency: 'JPY', mrrAtStart: 3000, mrrAtEnd: 3000, new: 0, reactivation: 0, expansion: 0, contraction: 0, churn: 0 });
    expect(() => mrrMovements(list, T0, T0)).toThrow(RangeError);
  });

  const h = harness({ orders: 3000 });
  for (const school of h.platform.schools) {
    it(`over the sandbox's subscriptions (${school.id}): brute force at both ends, they add up, MRR now is the platform's`, async () => {
      const list: Subscription[] = [];
      let cursor: string | null = null;
      do {
        const page = (await h.call('listSubscriptions', { school: school.id, query: { limit: '1000', ...(cursor ? { cursor } : {}) } })).body as { data: Subscription[]; meta: { next_cursor: string | null } };
        list.push(...page.data);
        cursor = page.data.length ? page.meta.next_cursor : null;
      } while (cursor);
      expect(list.length).toBeGreaterThan(20);
      const random = prng(school.id.length * 13);
      let moved = 0;
      for (let round = 0; round < 25; round++) {
        const from = Date.UTC(2023, 0, 1) + Math.floor(random() * 1400 * DAY);
        const to = round === 0 ? h.platform.clock() : from + Math.floor((1 + random() * 400) * DAY);
        if (!(from < to)) continue;
        // The engine reads the app's model; the brute force below reads the platform's raw list.
        const movements = mrrMovements(list.map(toSubscriptionRecord), from, to);
        for (const m of movements) {
          const mine = list.filter((s) => s.currency === m.currency);
          const monthly = (s: Subscription) => (s.interval === 'month' ? s.amount : s.interval === 'year' ? Math.round(s.amount / 12) : s.amount * 30);
          const paying = (s: Subscription, t: number) => s.state !== 'trialing' && s.state !== 'incomplete' && Date.parse(s.started_at) <= t && (s.canceled_at === null || Date.parse(s.canceled_at) > t);
          const mrrOf = (s: Subscription, t: number) => (paying(s, t) ? monthly(s) : 0);
          // Brute force: MRR at an instant is the paying subscriptions' monthly amounts at that instant.
          const mrr = (t: number) => mine.filter((s) => s.state !== 'trialing' && s.state !== 'incomplete' && Date.parse(s.started_at) <= t && (s.canceled_at === null || Date.parse(s.canceled_at) > t)).reduce((sum, s) => sum + mrrOf(s, t), 0);
          expect(m.mrrAtStart).toBe(mrr(from));
          expect(m.mrrAtEnd).toBe(mrr(to));
          expect(m.mrrAtEnd - m.mrrAtStart).toBe(m.new + m.reactivation + m.expansion - m.contraction - m.churn);
          // Members who had MRR at the start and none at the end churned exactly their MRR at the start.
          const byMember = new Map<string, { a: number; b: number }>();
          for (const s of mine) {
            const e = byMember.get(s.member_id) ?? { a: 0, b: 0 };
            e.a += mrrOf(s, from);
            e.b += mrrOf(s, to);
            byMember.set(s.member_id, e);
          }
          expect(m.churn).toBe([...byMember.values()].filter((e) => e.a > 0 && e.b === 0).reduce((sum, e) => sum + e.a, 0));
          expect(m.new + m.reactivation).toBe([...byMember.values()].filter((e) => e.a === 0 && e.b > 0).reduce((sum, e) => sum + e.b, 0));
          if (m.new + m.churn + m.reactivation + m.expansion + m.contraction > 0) moved++;
        }
        if (round === 0) {
          // To now: MRR at the end is the platform's MRR (active and past due, as of now).
          const report = (await h.call('getSubscriptionsReport', { school: school.id, query: { from: new Date(from).toISOString(), to: new Date(to).toISOString() } })).body as SubscriptionsReport;
          for (const m of movements) expect(m.mrrAtEnd, m.currency).toBe(report.currencies.find((c) => c.currency === m.currency)?.mrr);
        }
      }
      expect(moved).toBeGreaterThan(5);
    });
  }
});
