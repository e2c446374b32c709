// MRR movements from the synced subscriptions: each kind of movement on members built for it, and over the
// platform's subscriptions (read over HTTP) for random ranges, every figure equal to the figures oracle's
// (test/support/figures-oracle.ts), the movements adding up to the change, MRR to now equal to MRR as of now.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mrrMovements } from '../../../electron/services/engine/worker/subscriptions-report';
import { toSubscriptionRecord } from '../../../electron/services/platform/analytics-platform';
import type { SubscriptionRecord } from '../../../shared/model/analytics';
import * as oracle from '../../support/figures-oracle';
import { startRawSandbox, type RawSandbox } from '../../support/raw-sandbox';
import { prng } from '../data/synthetic-orders';
import { NOW } from '../sandbox/helpers';

const DAY = 86_400_000;
const CLOCK = NOW.getTime() + 3_600_000;
const T0 = Date.UTC(2025, 0, 1);
const at = (days: number) => new Date(T0 + days * DAY).toISOString();

function sub(member: string, amount: number, startDay: number, endDay: number | null, extra: Partial<SubscriptionRecord> = {}): SubscriptionRecord {
  return { ...toSubscriptionRecord({
    id: `sub_${member}_${startDay}_${amount}`, member_id: member, member_name: member, plan_id: 'plan_1', state: endDay === null ? 'active' : 'canceled',
    currency: 'USD', amount, interval: 'month', started_at: at(startDay), current_period_start: at(startDay), current_period_end: at(startDay + 30),
    next_charge_at: null, canceling: false, canceled_at: endDay === null ? null : at(endDay), updated_at: at(startDay),
  }), ...extra };
}

let rig: RawSandbox;
beforeAll(async () => {
  rig = await startRawSandbox({ orders: 3000, dataNow: NOW, clock: () => CLOCK });
});
afterAll(() => rig?.close());

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

  for (const k of [0, 1]) {
    it(`over the platform's subscriptions, read over HTTP, equal the oracle for 25 ranges, the last one to now (school ${k + 1})`, () => {
      const { subscriptions } = rig.schools[k]!;
      expect(subscriptions.length).toBeGreaterThan(20);
      const currencies = [...new Set(subscriptions.map((s) => s.currency))].sort();
      // The engine reads the app's model; the oracle the platform's raw list.
      const records = subscriptions.map(toSubscriptionRecord);
      const random = prng(k * 13 + 5);
      let moved = 0;
      for (let round = 0; round < 25; round++) {
        const from = Date.UTC(2023, 0, 1) + Math.floor(random() * 1400 * DAY);
        const to = round === 24 ? CLOCK : from + Math.floor((1 + random() * 400) * DAY);
        if (!(from < to)) continue;
        const movements = mrrMovements(records, from, to);
        expect(movements.map((m) => m.currency)).toEqual(currencies);
        for (const m of movements) {
          const truth = oracle.mrrMovements(subscriptions, m.currency, { from, to });
          expect(m, `${new Date(from).toISOString()} → ${new Date(to).toISOString()}`).toEqual(truth);
          expect(m.mrrAtEnd - m.mrrAtStart).toBe(m.new + m.reactivation + m.expansion - m.contraction - m.churn);
          if (m.new + m.churn + m.reactivation + m.expansion + m.contraction > 0) moved++;
          // To now: MRR at the end is MRR as of now (active and past due).
          if (to === CLOCK) expect(m.mrrAtEnd, m.currency).toBe(oracle.subscriptionFigures(subscriptions, m.currency, { from, to }).mrr);
        }
      }
      expect(moved).toBeGreaterThan(5);
    });
  }
});
