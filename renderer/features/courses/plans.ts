// A course's pricing plans in a few words: "Free", "NT$1,200", "NT$300 / month", "+2 more" (in the UI language).
import type { PricingPlan } from '../../../shared/model/courses';
import { t } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../lib/format';

const INTERVALS = ['day', 'week', 'month', 'year'] as const;

function describePlan(plan: PricingPlan, locale: string): string {
  if (plan.kind === 'free' || plan.price === 0) return t('courses:plans.free');
  const price = formatMoney(plan.price, plan.currency, locale);
  if (!plan.interval) return price;
  const known = INTERVALS.find((i) => i === plan.interval);
  return t('courses:plans.perInterval', { price, interval: known ? t(`common:periods.words.${known}`) : plan.interval });
}

export function describePlans(plans: readonly PricingPlan[], locale: string, shown = 2): string {
  if (plans.length === 0) return t('courses:plans.none');
  const words = plans.slice(0, shown).map((p) => describePlan(p, locale)).join(t('courses:plans.separator'));
  return plans.length > shown ? t('courses:plans.more', { plans: words, count: plans.length - shown }) : words;
}
