// A course's pricing plans in a few words: "Free", "NT$1,200", "NT$300 / month", "+2 more".
import type { PricingPlan } from '../../../shared/model/courses';
import { formatMoney } from '../../lib/format';

const INTERVAL: Record<string, string> = { day: 'day', month: 'month', year: 'year' };

function describePlan(plan: PricingPlan, locale: string): string {
  if (plan.kind === 'free' || plan.price === 0) return 'Free';
  const price = formatMoney(plan.price, plan.currency, locale);
  return plan.interval ? `${price} / ${INTERVAL[plan.interval] ?? plan.interval}` : price;
}

export function describePlans(plans: readonly PricingPlan[], locale: string, shown = 2): string {
  if (plans.length === 0) return 'No plans';
  const words = plans.slice(0, shown).map((p) => describePlan(p, locale));
  return plans.length > shown ? `${words.join(', ')} +${plans.length - shown} more` : words.join(', ');
}
