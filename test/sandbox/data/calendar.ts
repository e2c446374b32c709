// When orders happen: a growth trend over the three years, a weekly rhythm, yearly seasonality, promo
// spikes during the sale coupons' windows, and day-to-day noise; within a day, a local-time hour profile.
import type { CouponRecord } from './catalog';
import type { SchoolProfile } from './profile';
import type { Random } from './random';
import { dailyOffsets, DAY_MS } from './time-zone';

const WEEKDAY_FACTOR = [0, 1.06, 1.1, 1.05, 1.0, 0.9, 0.74, 0.86]; // ISO weekday 1..7

export interface OrderCalendar {
  /** Sorted creation instants (whole seconds) of every order of the school. */
  createdAt: Float64Array;
  /** Relative daily weights, for spreading other things (subscriptions) over time the same way. */
  dayWeights: Float64Array;
}

export function buildOrderCalendar(profile: SchoolProfile, rng: Random, historyStart: number, days: number, orders: number, coupons: CouponRecord[]): OrderCalendar {
  const weights = new Float64Array(days);
  const promos = coupons.filter((c) => c.promo);
  let total = 0;
  const noonOffsets = dailyOffsets(historyStart + DAY_MS / 2, days, profile.timeZone);
  for (let d = 0; d < days; d++) {
    const noon = historyStart + d * DAY_MS + DAY_MS / 2;
    const wall = new Date(noon + (noonOffsets[d] as number));
    const local = { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(), weekday: wall.getUTCDay() || 7 };
    const dayOfYear = (Date.UTC(local.year, local.month - 1, local.day) - Date.UTC(local.year, 0, 1)) / DAY_MS;
    const trend = Math.exp(Math.log(2.8) * (d / days));
    const yearly = profile.season(local, dayOfYear);
    let promo = 1;
    for (const p of promos) {
      if (noon >= p.startsAtMs && noon < p.endsAtMs) promo = noon - p.startsAtMs < DAY_MS ? 5 : 3.2;
    }
    const noise = Math.exp(0.12 * rng.normal());
    const w = trend * (WEEKDAY_FACTOR[local.weekday] ?? 1) * yearly * promo * noise;
    weights[d] = w;
    total += w;
  }

  // Whole orders per day: floors, then the remainders to the largest fractional parts (ties by day).
  const counts = new Uint32Array(days);
  const fractions: { d: number; f: number }[] = [];
  let assigned = 0;
  for (let d = 0; d < days; d++) {
    const expected = (orders * (weights[d] as number)) / total;
    const whole = Math.floor(expected);
    counts[d] = whole;
    assigned += whole;
    fractions.push({ d, f: expected - whole });
  }
  fractions.sort((a, b) => b.f - a.f || a.d - b.d);
  for (let k = 0; k < orders - assigned; k++) counts[(fractions[k % days] as { d: number }).d]! += 1;

  const hourCumulative = cumulative(profile.hours);
  const hourTotal = hourCumulative[23] as number;
  const createdAt = new Float64Array(orders);
  let n = 0;
  for (let d = 0; d < days; d++) {
    const dayStart = historyStart + d * DAY_MS;
    const offsetSeconds = (noonOffsets[d] as number) / 1000;
    const from = n;
    for (let k = 0; k < (counts[d] as number); k++) {
      const r = rng.float() * hourTotal;
      let hour = 0;
      while ((hourCumulative[hour] as number) <= r) hour++;
      const localSecond = hour * 3600 + rng.int(3600);
      const utcSecond = (((localSecond - offsetSeconds) % 86_400) + 86_400) % 86_400;
      createdAt[n++] = dayStart + utcSecond * 1000;
    }
    createdAt.subarray(from, n).sort();
  }
  return { createdAt, dayWeights: weights };
}

function cumulative(values: readonly number[]): number[] {
  let sum = 0;
  return values.map((v) => (sum += v));
}
