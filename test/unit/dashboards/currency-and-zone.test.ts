// Which currency a one-currency screen shows and which clock its dates follow: the two rules every screen
// shares (shared/currency-choice.ts, renderer/state/business-time.ts).
import { describe, expect, it } from 'vitest';
import { rankCurrencies, shownCurrency } from '../../../shared/currency-choice';
import { businessTimeOf, zoneOwnerWords } from '../../../renderer/state/business-time';

const net = (currency: string, minor: number) => ({ currency, net: minor });

describe('the currency a screen shows', () => {
  it('is the one with the largest net revenue in the range first, not the first by code', () => {
    // Last month at the demo school: US$56,991.91 against €9,057.05.
    expect(rankCurrencies(['EUR', 'USD'], [net('EUR', 905_705), net('USD', 5_699_191)], 'USD')).toEqual(['USD', 'EUR']);
    expect(rankCurrencies(['EUR', 'USD'], [net('EUR', 5_699_191), net('USD', 905_705)], 'USD')).toEqual(['EUR', 'USD']);
  });

  it('reads each net as the screen writes it, in whole units of its own currency, with no exchange rate', () => {
    // NT$1,200.00 is 120,000 minor units (ISO 4217 gives TWD two), ¥90,000 is 90,000 (JPY has none):
    // as written, 90,000 is the larger figure.
    expect(rankCurrencies(['TWD', 'JPY'], [net('TWD', 120_000), net('JPY', 90_000)], 'TWD')).toEqual(['JPY', 'TWD']);
  });

  it("puts the school's currency first on a tie (nothing sold in the range too), then the codes in order", () => {
    expect(rankCurrencies(['EUR', 'TWD', 'USD'], [], 'TWD')).toEqual(['TWD', 'EUR', 'USD']);
    expect(rankCurrencies(['USD', 'EUR'], [net('USD', 100), net('EUR', 100)], 'EUR')).toEqual(['EUR', 'USD']);
    expect(rankCurrencies(['USD', 'EUR', 'JPY'], [net('JPY', 0)], null)).toEqual(['EUR', 'JPY', 'USD']);
    // A refund-heavy range can end below zero: still ranked by its net.
    expect(rankCurrencies(['USD', 'EUR'], [net('USD', -5_000), net('EUR', 0)], 'USD')).toEqual(['EUR', 'USD']);
  });

  it("keeps the admin's choice while the screen has that currency, else shows the first", () => {
    expect(shownCurrency(['USD', 'EUR'], 'EUR')).toBe('EUR');
    expect(shownCurrency(['USD', 'EUR'], 'JPY')).toBe('USD');
    expect(shownCurrency(['USD', 'EUR'], undefined)).toBe('USD');
    expect(shownCurrency([], 'USD')).toBeNull();
  });
});

describe('the clock business dates follow', () => {
  const school = { id: 'sch_1', name: 'Lumen Academy', currency: 'USD', timeZone: 'America/New_York' };

  it("is the school's by default, this computer's when chosen or when the school's is not known", () => {
    expect(businessTimeOf('school', school, 'Asia/Taipei', true)).toMatchObject({ timeZone: 'America/New_York', source: 'school' });
    expect(businessTimeOf('computer', school, 'Asia/Taipei', true)).toMatchObject({ timeZone: 'Asia/Taipei', source: 'computer', schoolTimeZone: 'America/New_York' });
    expect(businessTimeOf('school', null, 'Asia/Taipei', true)).toMatchObject({ timeZone: 'Asia/Taipei', source: 'computer', schoolTimeZone: null });
  });

  it('says whose zone it is', () => {
    expect(zoneOwnerWords({ source: 'school', schoolTimeZone: 'America/New_York' })).toBe("the school's time zone");
    expect(zoneOwnerWords({ source: 'computer', schoolTimeZone: 'America/New_York' })).toMatch(/this computer's time zone, as chosen in Settings/);
    expect(zoneOwnerWords({ source: 'computer', schoolTimeZone: null })).toMatch(/the school's is not known/);
  });
});
