// What a row of the orders CSV says, defined once over a plain order: what the admin sees, in the business time
// zone, made for a spreadsheet: amounts are plain numbers in the currency's major unit with all its decimals
// ("49.00" beside "9760.30", next to a Currency column, so a column sums) and states are the labels the screen
// shows. The engine writes its rows straight from
// the columns (orders-csv-columns.ts), byte for byte what orderCsvCells gives (the tests hold them together).
import { csvAmount as sharedCsvAmount } from '../../../../shared/currency-units';
import type { CsvDecimal, CsvValue } from '../../../../shared/csv';
import type { Order } from '../../../../shared/model/orders';
import { ORDER_STATE_LABELS, PAYMENT_METHOD_LABELS, stateLabel } from '../../../../shared/state-labels';

interface CsvFormat {
  timeZone: string;
  /** The admin's locale (kept for what may read differently per locale; amounts are locale-free numbers). */
  locale: string;
}

/** "2026-11-21 15:04:05" on the wall clock of the zone: sortable, and read as a date by spreadsheets. */
export function localTimeFormatter(timeZone: string): (iso: string | null) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  });
  return (iso) => {
    if (iso === null) return '';
    const p: Record<string, string> = {};
    for (const part of format.formatToParts(Date.parse(iso))) p[part.type] = part.value;
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
  };
}

export function ordersCsvHeader(timeZone: string): string[] {
  return [
    'Trade number', 'State', `Created at (${timeZone})`, `Paid at (${timeZone})`, 'Buyer', 'Buyer email', 'Payment method', 'Items',
    'Coupon', 'Currency', 'Original', 'Discount', 'Paid', 'Refunded', 'Net',
  ];
}

/** An amount as a spreadsheet reads a number: the exact decimal digits of the major unit, no symbol or grouping. */
export function csvAmount(minor: number, currency: string): string {
  return sharedCsvAmount(minor, currency);
}

export function orderCsvCells(order: Order, _format: CsvFormat, time: (iso: string | null) => string): CsvValue[] {
  const money = (minor: number): CsvDecimal => ({ decimal: csvAmount(minor, order.currency) });
  return [
    order.tradeNumber,
    stateLabel(ORDER_STATE_LABELS, order.state),
    time(order.createdAt),
    time(order.paidAt),
    order.buyer.name,
    order.buyer.email,
    stateLabel(PAYMENT_METHOD_LABELS, order.paymentMethod),
    order.items.map((item) => item.name).join('; '),
    order.coupon?.code ?? '',
    order.currency,
    money(order.originalAmount),
    money(order.discountAmount),
    money(order.paidAmount),
    money(order.refundedAmount),
    money(order.paidAmount - order.refundedAmount),
  ];
}
