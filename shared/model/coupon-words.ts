// A coupon's discount as a buyer gets it, in the UI language, written once for every place that says it: the
// Coupons table, a write's confirmation and activity line, the palette's result.
import { formatMoney } from '../currency-units';
import { t } from '../i18n/i18n';
import type { CouponView } from './money';

/**
 * "20% off" / 「8 折」 (a Taiwanese shop names the share paid: 20% off is 8 折, 15% off 8.5 折, all of it 免費),
 * "US$5.00 or NT$150 off": where it gives amounts in several currencies, each names its own.
 */
export function describeDiscount(discount: CouponView['discount'], locale: string): string {
  if (discount.kind === 'percent') {
    if (discount.percentOff >= 100) return t('money:coupons.discount.whole');
    return t('money:coupons.discount.percent', { percent: discount.percentOff });
  }
  const nameCurrency = discount.amounts.length > 1;
  const amounts = discount.amounts.map((a) => formatMoney(a.amountOff, a.currency, locale, { nameCurrency })).join(t('money:coupons.discount.or'));
  return t('money:coupons.discount.amounts', { amounts });
}
