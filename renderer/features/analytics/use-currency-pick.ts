// Which currency's figures a report view shows: the one the admin picked on the tabs, or the first when
// nothing was picked or the new figures (another range, another course) no longer have that currency.
import { useState } from 'react';

export function useCurrencyPick<T extends { currency: string }>(entries: readonly T[]): { currencies: string[]; entry: T | undefined; pick(currency: string): void } {
  const [picked, setPicked] = useState<string | null>(null);
  return {
    currencies: entries.map((e) => e.currency),
    entry: entries.find((e) => e.currency === picked) ?? entries[0],
    pick: setPicked,
  };
}
