// The all-schools totals: per currency, the sum over the schools that sold in it (never across currencies).
export type SchoolSales = { currency: string; today: { orders: number; net: number }; month: { orders: number; net: number } }[];

export function schoolTotals(schools: readonly (SchoolSales | null)[]): SchoolSales {
  const byCurrency = new Map<string, SchoolSales[number]>();
  for (const sales of schools) {
    for (const c of sales ?? []) {
      const row = byCurrency.get(c.currency) ?? { currency: c.currency, today: { orders: 0, net: 0 }, month: { orders: 0, net: 0 } };
      row.today = { orders: row.today.orders + c.today.orders, net: row.today.net + c.today.net };
      row.month = { orders: row.month.orders + c.month.orders, net: row.month.net + c.month.net };
      byCurrency.set(c.currency, row);
    }
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
