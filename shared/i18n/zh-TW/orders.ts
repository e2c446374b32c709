// The orders area's strings in 繁體中文, typed against the English file (a missing or extra key fails the build).
import type { orders as en } from '../en/orders';
import type { OneFormTranslation } from '../translation';

export const orders: OneFormTranslation<typeof en> = {
  coupon: '優惠碼',
};
