// The filtered view of the orders as CSV: what the admin sees, in their time zone and money format.
// Built in slices with a checkpoint between them, so a 100,000-row export shows progress, can be cancelled,
// and never freezes the main process.
import { csvRow } from '../../../shared/csv';
import { formatMoney } from '../../../shared/money';
import type { Order } from '../../../shared/platform/resources';
import { checkpoint } from './jobs';

const SLICE = 5000;

export interface CsvFormat {
  timeZone: string;
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

export function orderCsvCells(order: Order, format: CsvFormat, time: (iso: string | null) => string): string[] {
  const money = (minor: number) => formatMoney(minor, order.currency, format.locale);
  return [
    order.trade_number,
    order.state,
    time(order.created_at),
    time(order.paid_at),
    order.buyer.name,
    order.buyer.email,
    order.payment_method,
    order.items.map((item) => item.name).join('; '),
    order.coupon?.code ?? '',
    order.currency,
    money(order.original_amount),
    money(order.discount_amount),
    money(order.paid_amount),
    money(order.refunded_amount),
    money(order.paid_amount - order.refunded_amount),
  ];
}

export async function ordersToCsv(
  count: number,
  orderAt: (k: number) => Order,
  format: CsvFormat,
  signal: AbortSignal,
  onProgress: (done: number) => void,
): Promise<string> {
  const time = localTimeFormatter(format.timeZone);
  const parts: string[] = [`${csvRow(ordersCsvHeader(format.timeZone))}\r\n`];
  for (let start = 0; start < count; start += SLICE) {
    const lines: string[] = [];
    const end = Math.min(count, start + SLICE);
    for (let k = start; k < end; k++) lines.push(csvRow(orderCsvCells(orderAt(k), format, time)));
    parts.push(`${lines.join('\r\n')}\r\n`);
    onProgress(end);
    if (end < count) await checkpoint(signal);
  }
  return parts.join('');
}
