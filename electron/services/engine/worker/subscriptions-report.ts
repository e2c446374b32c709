// Subscription figures computed by the engine from the synced subscriptions (docs/business-api.md, "Local
// analytics"), in the app's model (shared/model/analytics.ts): MRR, active (active + past due), past due and canceling as of
// now; new, churned and the churn rate over [from, to); and how MRR moved over the range. Per currency, never
// added across currencies.
import type { MrrMovements } from '../../../../shared/model/money';
import type { SubscriptionRecord, SubscriptionsOverview, SubscriptionsReport } from '../../../../shared/model/analytics';

/** An amount per billing interval as a monthly amount (a year is 12 months, a month 30 days). */
function monthlyAmount(amount: number, interval: SubscriptionRecord['interval']): number {
  return interval === 'month' ? amount : interval === 'year' ? Math.round(amount / 12) : amount * 30;
}

export function subscriptionsReport(subscriptions: readonly SubscriptionRecord[], from: number, to: number): SubscriptionsReport {
  if (!(from < to)) throw new RangeError('the range must start before it ends');
  const byCurrency = new Map<string, { mrr: number; active: number; fresh: number; churned: number; atStart: number; pastDue: number; canceling: number }>();
  for (const s of subscriptions) {
    let c = byCurrency.get(s.currency);
    if (!c) byCurrency.set(s.currency, (c = { mrr: 0, active: 0, fresh: 0, churned: 0, atStart: 0, pastDue: 0, canceling: 0 }));
    const started = Date.parse(s.startedAt);
    // canceled_at is when the subscription ended (canceled or expired).
    const ended = s.canceledAt === null ? Infinity : Date.parse(s.canceledAt);
    if (s.state === 'active' || s.state === 'past_due') {
      c.mrr += monthlyAmount(s.amount, s.interval);
      c.active++;
    }
    if (s.state === 'past_due') c.pastDue++;
    if (s.canceling && s.state !== 'canceled' && s.state !== 'expired') c.canceling++;
    if (started >= from && started < to) c.fresh++;
    if (ended >= from && ended < to) c.churned++;
    if (started < from && ended >= from) c.atStart++;
  }
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    currencies: [...byCurrency].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([currency, c]) => ({
      currency,
      mrr: c.mrr,
      activeSubscribers: c.active,
      newSubscribers: c.fresh,
      churnedSubscribers: c.churned,
      churnRate: c.atStart === 0 ? 0 : Math.min(1, c.churned / c.atStart),
      pastDue: c.pastDue,
      canceling: c.canceling,
    })),
  };
}

/**
 * Analytics › Subscriptions from the synced subscriptions alone: the figures above, and the past-due and the
 * canceling (not yet ended) subscriptions, each list by the date the admin acts on (next charge; end of period).
 */
export function subscriptionsOverview(subscriptions: readonly SubscriptionRecord[], from: number, to: number): SubscriptionsOverview {
  const pastDue = subscriptions.filter((s) => s.state === 'past_due');
  const canceling = subscriptions.filter((s) => s.canceling && s.state !== 'canceled' && s.state !== 'expired');
  const by = (date: (s: SubscriptionRecord) => string) => (a: SubscriptionRecord, b: SubscriptionRecord) => Date.parse(date(a)) - Date.parse(date(b)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return {
    report: subscriptionsReport(subscriptions, from, to),
    pastDue: pastDue.sort(by((s) => s.nextChargeAt ?? s.currentPeriodEnd)),
    canceling: canceling.sort(by((s) => s.currentPeriodEnd)),
  };
}

/** A subscription's monthly amount at instant t: paying from startedAt until it ended; trials and incomplete ones pay nothing. */
function mrrAt(s: SubscriptionRecord, t: number): number {
  if (s.state === 'trialing' || s.state === 'incomplete') return 0;
  if (Date.parse(s.startedAt) > t) return 0;
  if (s.canceledAt !== null && Date.parse(s.canceledAt) <= t) return 0;
  return monthlyAmount(s.amount, s.interval);
}

/**
 * How MRR moved from `from` to `to` (docs/business-api.md, "MRR movements"), per currency: each member's MRR at
 * both instants, and the difference filed as new, reactivation, expansion, contraction or churn, so that
 * mrrAtEnd − mrrAtStart = new + reactivation + expansion − contraction − churn.
 */
export function mrrMovements(subscriptions: readonly SubscriptionRecord[], from: number, to: number): MrrMovements[] {
  if (!(from < to)) throw new RangeError('the range must start before it ends');
  // Per currency and member: MRR at both ends, and whether the member paid before `from`.
  const members = new Map<string, Map<string, { start: number; end: number; paidBefore: boolean }>>();
  for (const s of subscriptions) {
    let byMember = members.get(s.currency);
    if (!byMember) members.set(s.currency, (byMember = new Map()));
    let m = byMember.get(s.memberId);
    if (!m) byMember.set(s.memberId, (m = { start: 0, end: 0, paidBefore: false }));
    m.start += mrrAt(s, from);
    m.end += mrrAt(s, to);
    if (s.state !== 'trialing' && s.state !== 'incomplete' && Date.parse(s.startedAt) < from) m.paidBefore = true;
  }
  return [...members].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([currency, byMember]) => {
    const out: MrrMovements = { currency, mrrAtStart: 0, mrrAtEnd: 0, new: 0, reactivation: 0, expansion: 0, contraction: 0, churn: 0 };
    for (const { start, end, paidBefore } of byMember.values()) {
      out.mrrAtStart += start;
      out.mrrAtEnd += end;
      if (start === 0 && end > 0) {
        if (paidBefore) out.reactivation += end;
        else out.new += end;
      } else if (start > 0 && end === 0) out.churn += start;
      else if (end > start) out.expansion += end - start;
      else out.contraction += start - end;
    }
    return out;
  });
}
