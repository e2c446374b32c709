import { describe, expect, it } from 'vitest';
import { currencyExponent, decimalStringToMinor, formatMoney, minorToDecimalString, sumMinor, totalsByCurrency } from '../../../shared/currency-units';

describe('money', () => {
  it('knows each currency minor unit from Intl', () => {
    expect(currencyExponent('USD')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
  });

  it('turns minor units into exact decimal strings and back', () => {
    expect(minorToDecimalString(123456, 'USD')).toBe('1234.56');
    expect(minorToDecimalString(-5, 'USD')).toBe('-0.05');
    expect(minorToDecimalString(1200, 'JPY')).toBe('1200');
    expect(minorToDecimalString(1, 'KWD')).toBe('0.001');
    expect(decimalStringToMinor('1234.56', 'USD')).toBe(123456);
    expect(decimalStringToMinor('-0.05', 'USD')).toBe(-5);
    expect(decimalStringToMinor('12', 'USD')).toBe(1200);
    expect(decimalStringToMinor('1200', 'JPY')).toBe(1200);
    expect(decimalStringToMinor('1.50', 'USD')).toBe(150);
  });

  it('refuses what it would have to round or cannot read', () => {
    expect(() => decimalStringToMinor('1.005', 'USD')).toThrow(RangeError);
    expect(() => decimalStringToMinor('12.5', 'JPY')).toThrow(RangeError);
    expect(() => decimalStringToMinor('12,50', 'USD')).toThrow(RangeError);
    expect(() => minorToDecimalString(1.5, 'USD')).toThrow(RangeError);
  });

  it('formats in the locale, without float error on large amounts', () => {
    expect(formatMoney(123456, 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatMoney(1200, 'JPY', 'ja-JP')).toBe('￥1,200');
    expect(formatMoney(123456, 'EUR', 'de-DE')).toBe('1.234,56\u00a0€');
    expect(formatMoney(123456, 'TWD', 'zh-TW', { display: 'code' })).toContain('TWD');
    expect(formatMoney(900719925474099, 'USD', 'en-US', { display: 'none' })).toBe('9,007,199,254,740.99');
    expect(formatMoney(-5, 'USD', 'en-US')).toBe('-$0.05');
  });

  it('sums as integers and never across currencies', () => {
    expect(sumMinor([10, 20, 30])).toBe(60);
    expect(() => sumMinor([Number.MAX_SAFE_INTEGER, 10])).toThrow(RangeError);
    const totals = totalsByCurrency([{ c: 'USD', a: 100 }, { c: 'TWD', a: 5 }, { c: 'USD', a: 1 }], (x) => x.c, (x) => x.a);
    expect(Object.fromEntries(totals)).toEqual({ USD: 101, TWD: 5 });
  });
});
