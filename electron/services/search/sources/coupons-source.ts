// Coupons: by code, from the coupon list the offline cache keeps for the Coupons page (money.coupons).
import { z } from 'zod';
import type { CouponView } from '../../../../shared/model/money';
import { Coupon } from '../../../../shared/platform/resources';
import type { QueryCache } from '../../store/query-cache';
import { toCouponView } from '../../platform/money-mapping';
import { couponSearchFields, toCouponHit } from '../../platform/search-mapping';
import { cachedListSource } from './cached-list-source';
import type { SearchSource } from '../search-source';

const KeptCoupons = z.object({ coupons: z.array(Coupon) });

export function couponsOfCachedAnswer(_method: string, value: unknown): CouponView[] | null {
  const parsed = KeptCoupons.safeParse(value);
  return parsed.success ? parsed.data.coupons.map(toCouponView) : null;
}

export function couponsSource(cache: Pick<QueryCache, 'getNewest'>): SearchSource {
  return cachedListSource<CouponView>(cache, {
    kind: 'coupon',
    methods: ['money.coupons'],
    records: couponsOfCachedAnswer,
    fields: couponSearchFields,
    toHit: toCouponHit,
  });
}
