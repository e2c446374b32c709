// The CSV export's rows straight from the order columns: byte for byte what data/orders-csv.ts's row function
// gives for the same order (the tests hold them together), without building an Order object per row. A million
// rows must be written in well under 3 s, so everything that repeats is done once: each distinct buyer, email,
// payment method, coupon, currency, state and item name is CSV-quoted once per export (per dictionary code);
// times come from the epoch-ms column through a per-zone offset cache and a per-local-day date prefix; amounts
// are divided by the currency's power of ten (a correctly rounded division, so the same double as parsing the
// exact decimal string, hence the same text).
import { csvCell } from '../../../../shared/csv';
import { currencyExponent } from '../../../../shared/currency-units';
import { ORDER_STATE_LABELS, PAYMENT_METHOD_LABELS, stateLabel } from '../../../../shared/state-labels';
import { csvAmount } from './orders-csv-format';
import { localMsFormatter } from './fast-local-time';
import type { DictColumn, OrderColumns, TimeColumn } from './order-columns';

/** csvCell of each dictionary value, computed the first time a row uses it. */
function cellsOf(column: DictColumn, map: (value: string) => string = (v) => v): (code: number) => string {
  const cache = new Array<string | undefined>(column.dict.size);
  return (code) => {
    if (code === column.none) return '';
    let cell = cache[code];
    if (cell === undefined) {
      cell = csvCell(map(column.dict.get(code)));
      cache[code] = cell;
    }
    return cell;
  };
}

/** A wall-clock time as its CSV cell: digits first, so neither quoted nor formula-guarded; anything else through csvCell. */
function timeCells(column: TimeColumn, timeZone: string): (row: number) => string {
  const fromMs = localMsFormatter(timeZone);
  const text = column.text;
  if (text) {
    // Some times kept their original text (an offset): format that text, as the row function does.
    const fromText = cellsOf(text, (iso) => fromMs.iso(iso));
    return (row) => fromText(text.codes[row]!);
  }
  const ms = column.ms;
  return (row) => {
    const t = ms[row]!;
    if (Number.isNaN(t)) return '';
    const wall = fromMs(t);
    const first = wall.charCodeAt(0);
    return first >= 48 && first <= 57 ? wall : csvCell(wall);
  };
}

/** Below this many minor units an amount has at most 15 significant digits, so its shortest double text is its decimal text. */
const EXACT_BELOW = 1e15;

/**
 * An amount as orders-csv-format's csvAmount writes it (always the currency's decimals: "49.00", "9760.30"), by
 * integer arithmetic: the whole part, then the fraction's digits from a table. Whatever is not a whole number of
 * minor units, or too large, goes through csvAmount itself (which refuses what it must).
 */
function amountText(currency: string): (minor: number) => string {
  const exponent = currencyExponent(currency);
  const slow = (minor: number) => csvAmount(minor, currency);
  if (exponent === 0) return (minor) => (Number.isSafeInteger(minor) ? String(minor) : slow(minor));
  if (exponent > 4) return slow;
  const divisor = 10 ** exponent;
  const fractions = Array.from({ length: divisor }, (_, f) => {
    return `.${String(f).padStart(exponent, '0')}`;
  });
  return (minor) => {
    if (!Number.isInteger(minor) || minor >= EXACT_BELOW || minor <= -EXACT_BELOW) return slow(minor);
    const abs = minor < 0 ? -minor : minor;
    const whole = Math.floor(abs / divisor);
    return `${minor < 0 ? '-' : ''}${whole}${fractions[abs - whole * divisor]!}`;
  };
}

/** Where rows are written: bytes up to `at` are the output so far (the caller empties it between slices). */
export class CsvBytes {
  buf: Buffer;
  at = 0;
  constructor(size = 2 << 20) {
    this.buf = Buffer.allocUnsafe(size);
  }
  /** Room for `bytes` more. */
  room(bytes: number): void {
    if (this.buf.length - this.at >= bytes) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + bytes));
    this.buf.copy(bigger, 0, 0, this.at);
    this.buf = bigger;
  }
  text(value: string): void {
    this.room(value.length * 3);
    this.at += this.buf.write(value, this.at, 'utf8');
  }
  bytes(value: Uint8Array): void {
    this.room(value.length);
    this.buf.set(value, this.at);
    this.at += value.length;
  }
  /** The bytes so far, and an empty sink (the returned view stays valid: the sink writes into a new buffer). */
  take(): Buffer {
    const out = this.buf.subarray(0, this.at);
    this.buf = Buffer.allocUnsafe(this.buf.length);
    this.at = 0;
    return out;
  }
}

/**
 * Each dictionary value as the UTF-8 bytes of its CSV cell and the comma after it, encoded the first time a row
 * uses it: names and emails in any script are encoded once per export, not once per row.
 */
function cellBytesOf(column: DictColumn, map: (value: string) => string = (v) => v): (code: number) => Buffer {
  const cache = new Array<Buffer | undefined>(column.dict.size);
  const empty = Buffer.from(',');
  return (code) => {
    if (code === column.none) return empty;
    let bytes = cache[code];
    if (bytes === undefined) {
      bytes = Buffer.from(`${csvCell(map(column.dict.get(code)))},`, 'utf8');
      cache[code] = bytes;
    }
    return bytes;
  };
}

/** Writes row `i` of the columns as one CSV record, CRLF included. */
type CsvRowWriter = (i: number, out: CsvBytes) => void;

export function csvRowWriter(c: OrderColumns, timeZone: string): CsvRowWriter {
  // Distinct per order: quoted as they come, not kept.
  const tradeNumber = (code: number) => csvCell(c.tradeNumber.dict.get(code));
  const state = cellsOf(c.state, (s) => stateLabel(ORDER_STATE_LABELS, s));
  const created = timeCells(c.createdAt, timeZone);
  const paidAt = timeCells(c.paidAt, timeZone);
  const buyerName = cellBytesOf(c.buyerName);
  const buyerEmail = cellBytesOf(c.buyerEmail);
  const payment = cellBytesOf(c.paymentMethod, (m) => stateLabel(PAYMENT_METHOD_LABELS, m));
  const itemName = cellBytesOf(c.itemName);
  const coupon = cellsOf(c.couponCode);
  const currency = cellsOf(c.currency);
  const amounts = new Array<(minor: number) => string>(c.currency.dict.size);
  for (let k = 0; k < amounts.length; k++) amounts[k] = amountText(c.currency.dict.get(k));
  const { original, discount, paid, refunded, itemStart } = c;

  return (i, out) => {
    out.text(`${tradeNumber(c.tradeNumber.codes[i]!)},${state(c.state.codes[i]!)},${created(i)},${paidAt(i)},`);
    out.bytes(buyerName(c.buyerName.codes[i]!));
    out.bytes(buyerEmail(c.buyerEmail.codes[i]!));
    out.bytes(payment(c.paymentMethod.codes[i]!));
    const first = itemStart[i]!;
    const end = itemStart[i + 1]!;
    if (end - first === 1) out.bytes(itemName(c.itemName.codes[first]!));
    else {
      let joined = '';
      for (let j = first; j < end; j++) joined += (j === first ? '' : '; ') + c.itemName.dict.get(c.itemName.codes[j]!);
      out.text(`${csvCell(joined)},`);
    }
    const currencyCode = c.currency.codes[i]!;
    const amount = amounts[currencyCode]!;
    const p = paid[i]!;
    const r = refunded[i]!;
    out.text(`${c.couponId.codes[i] === c.couponId.none ? '' : coupon(c.couponCode.codes[i]!)},${currency(currencyCode)},${amount(original[i]!)},${amount(discount[i]!)},${amount(p)},${amount(r)},${amount(p - r)}\r\n`);
  };
}
