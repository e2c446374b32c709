// Subscription figures computed by the engine from the synced subscriptions (docs/business-api.md, "Local
// analytics"), in the platform's report shape: MRR, active (active + past due), past due and canceling as of
// now; new, churned and the churn rate over [from, to). Per currency, never added across currencies.
import type { Subscription, SubscriptionsReport } from '../../../shared/platform/resources';

/** An amount per billing interval as a monthly amount (a year is 12 months, a month 30 days). */
export function monthlyAmount(amount: number, interval: Subscription['interval']): number {
  return interval === 'month' ? amount : interval === 'year' ? Math.round(amount / 12) : amount * 30;
}

export function subscriptionsReport(subscriptions: readonly Subscription[], from: number, to: number): SubscriptionsReport {
  if (!(from < to)) throw new RangeError('the range must start before it ends');
  const byCurrency = new Map<string, { mrr: number; active: number; fresh: number; churned: number; atStart: number; pastDue: number; canceling: number }>();
  for (const s of subscriptions) {
    let c = byCurrency.get(s.currency);
    if (!c) byCurrency.set(s.currency, (c = { mrr: 0, active: 0, fresh: 0, churned: 0, atStart: 0, pastDue: 0, canceling: 0 }));
    const started = Date.parse(s.started_at);
    // canceled_at is when the subscription ended (canceled or expired).
    const ended = s.canceled_at === null ? Infinity : Date.parse(s.canceled_at);
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
      active_subscribers: c.active,
      new_subscribers: c.fresh,
      churned_subscribers: c.churned,
      churn_rate: c.atStart === 0 ? 0 : Math.min(1, c.churned / c.atStart),
      past_due: c.pastDue,
      canceling: c.canceling,
    })),
  };
}
