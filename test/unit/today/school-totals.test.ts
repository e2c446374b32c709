// The all-schools totals: per currency over the schools that sold in it, never across currencies.
import { describe, expect, it } from 'vitest';
import { schoolTotals } from '../../../renderer/features/today/school-totals';

const sale = (currency: string, today: number, month: number) => ({ currency, today: { orders: 1, net: today }, month: { orders: 2, net: month } });

describe('schoolTotals', () => {
  it('adds each currency over the schools, keeps currencies apart, and skips a school without figures', () => {
    expect(schoolTotals([[sale('TWD', 100, 1000), sale('USD', 5, 50)], null, [sale('TWD', 20, 200)], []])).toEqual([
      { currency: 'TWD', today: { orders: 2, net: 120 }, month: { orders: 4, net: 1200 } },
      { currency: 'USD', today: { orders: 1, net: 5 }, month: { orders: 2, net: 50 } },
    ]);
    expect(schoolTotals([null])).toEqual([]);
  });
});
