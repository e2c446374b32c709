// Coupons: by code, from the coupon list the offline cache keeps for the Coupons page (money.coupons), which
// is kept in the app's model. An entry of another shape (an older app's, which kept the platform's coupons)
// counts as not saved.
import { z } from 'zod';
import { CouponView } from '../../../../shared/model/money';
import type { QueryCache } from '../../store/query-cache';
import { couponSearchFields, toCouponHit } from '../../platform/search-mapping';
import { cachedListSource } from './cached-list-source';
import type { SearchSource } from '../search-source';

const KeptCoupons = z.object({ coupons: z.array(CouponView) });

function couponsOfCachedAnswer(_method: string, value: unknown): CouponView[] | null {
  const parsed = KeptCoupons.safeParse(value);
  return parsed.success ? parsed.data.coupons : null;
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
