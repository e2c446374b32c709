// OrderColumns ⇄ one binary buffer: a small JSON header naming each section, then the sections, each 8-byte
// aligned so the reader takes typed-array views on them. Integer columns are stored as narrow as their values
// allow (codes of a 4-value dictionary are one byte) and widened on open. Decoding checks every structural
// invariant the query code relies on (lengths, offsets, codes in range, ids ranked once each): a buffer that
// passes authenticated decryption but not these checks (a bug, an old layout) is refused, never shown.
import type { Codes, DictColumn, Numbers, OrderColumns, TimeColumn } from './order-columns';
import { codesFor, noneOf, StringDict } from './order-columns';

/** Bumped when what the columns hold changes: 2 holds the app's Order (its state, payment and product words), 1 the platform's. */
export const COLUMNS_LAYOUT = 'order-columns-2';

const ROW_DICTS = ['id', 'tradeNumber', 'state', 'buyerId', 'buyerName', 'buyerEmail', 'paymentMethod', 'currency', 'couponId', 'couponCode'] as const;
const ITEM_DICTS = ['itemId', 'itemKind', 'itemProduct', 'itemCourse', 'itemName'] as const;
const ROW_NUMBERS = ['original', 'discount', 'paid', 'refunded'] as const;
const ITEM_NUMBERS = ['itemOriginal', 'itemDiscount', 'itemAmount'] as const;
const TIMES = ['createdAt', 'paidAt', 'updatedAt'] as const;
/** Columns where null (the code type's max) is allowed. */
const NULLABLE = new Set(['couponId', 'couponCode', 'itemCourse', 'paidAt.text']);

type SectionType = 'u8' | 'u16' | 'u32' | 'i32' | 'f64' | 'utf8' | 'utf16le';
interface Section {
  name: string;
  type: SectionType;
  bytes: number;
}
interface Header {
  layout: string;
  count: number;
  itemCount: number;
  sections: Section[];
  meta: unknown;
}

const align8 = (n: number) => (n + 7) & ~7;

function isIdentity(column: DictColumn): boolean {
  const { codes } = column;
  if (codes.length !== column.dict.size) return false;
  for (let i = 0; i < codes.length; i++) if (codes[i] !== i) return false;
  return true;
}

function byteLengths(offsets: Uint32Array): Uint8Array | null {
  const out = new Uint8Array(offsets.length - 1);
  for (let k = 0; k < out.length; k++) {
    const length = offsets[k + 1]! - offsets[k]!;
    if (length > 0xff) return null;
    out[k] = length;
  }
  return out;
}

function typeOf(view: ArrayBufferView): SectionType {
  if (view instanceof Uint8Array) return 'u8';
  if (view instanceof Uint16Array) return 'u16';
  if (view instanceof Uint32Array) return 'u32';
  if (view instanceof Int32Array) return 'i32';
  return 'f64';
}

/**
 * Columns + meta → the pieces of one buffer (the plaintext of a snapshot), in order, padding included: the
 * typed arrays themselves, not copies, so encoding costs next to nothing and the sealer streams them.
 */
export function encodeColumnParts(c: OrderColumns, meta: unknown): Uint8Array[] {
  const parts: { section: Section; data: Uint8Array }[] = [];
  const add = (name: string, type: SectionType, view: ArrayBufferView) =>
    parts.push({ section: { name, type, bytes: view.byteLength }, data: new Uint8Array(view.buffer, view.byteOffset, view.byteLength) });
  const addDict = (name: string, column: DictColumn) => {
    // A column of distinct values (ids, trade numbers) has codes 0, 1, 2…: nothing to store.
    if (!isIdentity(column)) add(`${name}.codes`, typeOf(column.codes), column.codes);
    // Offsets as lengths, one byte each when every value is shorter than 255 characters.
    const lengths = byteLengths(column.dict.offsets);
    if (lengths) add(`${name}.lengths`, 'u8', lengths);
    else add(`${name}.offsets`, 'u32', column.dict.offsets);
    const joined = column.dict.joined;
    // A lone surrogate would not survive UTF-8: such a dictionary is kept as UTF-16 instead.
    if ((joined as string & { isWellFormed(): boolean }).isWellFormed()) add(`${name}.joined`, 'utf8', Buffer.from(joined, 'utf8'));
    else add(`${name}.joined`, 'utf16le', Buffer.from(joined, 'utf16le'));
  };
  for (const name of [...ROW_DICTS, ...ITEM_DICTS]) addDict(name, c[name]);
  for (const name of [...ROW_NUMBERS, ...ITEM_NUMBERS]) add(name, typeOf(c[name]), c[name]);
  for (const name of TIMES) {
    const column: TimeColumn = c[name];
    add(`${name}.ms`, 'f64', column.ms);
    if (column.text) addDict(`${name}.text`, column.text);
  }
  add('itemStart', 'u32', c.itemStart);
  add('idRank', 'u32', c.idRank);

  const header: Header = { layout: COLUMNS_LAYOUT, count: c.count, itemCount: c.itemStart[c.count]!, sections: parts.map((p) => p.section), meta };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const head = Buffer.alloc(align8(4 + json.length));
  head.writeUInt32LE(json.length, 0);
  json.copy(head, 4);
  const out: Uint8Array[] = [head];
  for (const p of parts) {
    out.push(p.data);
    const pad = align8(p.data.byteLength) - p.data.byteLength;
    if (pad > 0) out.push(new Uint8Array(pad));
  }
  return out;
}

/** The same as one contiguous buffer (tests). */
export function encodeColumns(c: OrderColumns, meta: unknown): Buffer {
  return Buffer.concat(encodeColumnParts(c, meta));
}

class BadColumns extends Error {}

function fail(what: string): never {
  throw new BadColumns(`snapshot columns: ${what}`);
}

const WIDTH: Record<SectionType, number> = { u8: 1, u16: 2, u32: 4, i32: 4, f64: 8, utf8: 1, utf16le: 2 };

/** The buffer → columns + meta. Throws BadColumns on anything inconsistent. */
export function decodeColumns(buffer: Uint8Array): { columns: OrderColumns; meta: unknown } {
  if (buffer.byteOffset % 8 !== 0) buffer = new Uint8Array(buffer); // views need alignment
  if (buffer.byteLength < 4) fail('too short');
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const jsonLength = view.getUint32(0, true);
  if (4 + jsonLength > buffer.byteLength) fail('header runs past the end');
  let header: Header;
  try {
    header = JSON.parse(Buffer.from(buffer.buffer, buffer.byteOffset + 4, jsonLength).toString('utf8')) as Header;
  } catch {
    fail('header is not JSON');
  }
  if (header.layout !== COLUMNS_LAYOUT) fail(`layout ${String(header.layout)}`);
  const { count, itemCount } = header;
  if (!Number.isInteger(count) || count < 0 || !Number.isInteger(itemCount) || itemCount < 0 || !Array.isArray(header.sections)) fail('bad counts');

  const sections = new Map<string, { type: SectionType; at: number; bytes: number }>();
  let at = align8(4 + jsonLength);
  for (const s of header.sections) {
    if (!(s.type in WIDTH) || !Number.isInteger(s.bytes) || s.bytes < 0 || s.bytes % WIDTH[s.type] !== 0) fail(`section ${s.name}`);
    if (at + s.bytes > buffer.byteLength) fail(`section ${s.name} runs past the end`);
    sections.set(s.name, { type: s.type, at: buffer.byteOffset + at, bytes: s.bytes });
    at += align8(s.bytes);
  }
  if (at !== buffer.byteLength) fail('trailing bytes');

  const raw = (name: string) => sections.get(name) ?? fail(`missing ${name}`);
  const u32 = (name: string, length: number): Uint32Array => {
    const s = raw(name);
    if (s.type !== 'u32' || s.bytes !== length * 4) fail(`${name} length`);
    return new Uint32Array(buffer.buffer, s.at, length);
  };
  const numbers = (name: string, length: number): Numbers => {
    const s = raw(name);
    if (s.bytes !== length * WIDTH[s.type]) fail(`${name} length`);
    if (s.type === 'f64') return new Float64Array(buffer.buffer, s.at, length);
    if (s.type === 'i32') return new Int32Array(buffer.buffer, s.at, length);
    fail(`${name} type`);
  };
  const floats = (name: string, length: number): Float64Array => {
    const s = raw(name);
    if (s.type !== 'f64' || s.bytes !== length * 8) fail(`${name} length`);
    return new Float64Array(buffer.buffer, s.at, length);
  };
  const dict = (name: string, length: number): DictColumn => {
    const text = raw(`${name}.joined`);
    if (text.type !== 'utf8' && text.type !== 'utf16le') fail(`${name}.joined type`);
    const joined = Buffer.from(buffer.buffer, text.at, text.bytes).toString(text.type);
    let offsets: Uint32Array;
    const lengths = sections.get(`${name}.lengths`);
    if (lengths) {
      if (lengths.type !== 'u8') fail(`${name}.lengths`);
      const bytes = new Uint8Array(buffer.buffer, lengths.at, lengths.bytes);
      offsets = new Uint32Array(bytes.length + 1);
      let at = 0;
      for (let k = 0; k < bytes.length; k++) {
        offsets[k] = at;
        at += bytes[k]!;
      }
      offsets[bytes.length] = at;
    } else {
      const offsetsSection = raw(`${name}.offsets`);
      if (offsetsSection.type !== 'u32' || offsetsSection.bytes < 4) fail(`${name}.offsets`);
      offsets = new Uint32Array(buffer.buffer, offsetsSection.at, offsetsSection.bytes / 4);
    }
    const size = offsets.length - 1;
    if (offsets[0] !== 0 || offsets[size] !== joined.length) fail(`${name}.offsets ends`);
    for (let k = 0; k < size; k++) if (offsets[k]! > offsets[k + 1]!) fail(`${name}.offsets order`);
    const dict = new StringDict(joined, offsets);
    if (!sections.has(`${name}.codes`)) {
      if (size !== length) fail(`${name} is not one value per row`);
      const codes = codesFor(size, length);
      for (let i = 0; i < length; i++) codes[i] = i;
      return { codes, none: noneOf(codes), dict };
    }
    const s = raw(`${name}.codes`);
    if (s.bytes !== length * WIDTH[s.type]) fail(`${name}.codes length`);
    let codes: Codes;
    if (s.type === 'u32') codes = new Uint32Array(buffer.buffer, s.at, length);
    else if (s.type === 'u16') codes = new Uint16Array(buffer.buffer, s.at, length);
    else if (s.type === 'u8') codes = new Uint8Array(buffer.buffer, s.at, length);
    else fail(`${name}.codes type`);
    const none = noneOf(codes);
    const nullable = NULLABLE.has(name);
    for (let i = 0; i < length; i++) {
      const c = codes[i]!;
      if (c >= size && !(nullable && c === none)) fail(`${name} code out of range`);
    }
    return { codes, none, dict };
  };
  const time = (name: string, nullable: boolean): TimeColumn => {
    const ms = floats(`${name}.ms`, count);
    if (!nullable) for (let i = 0; i < count; i++) if (Number.isNaN(ms[i])) fail(`${name} missing a time`);
    return { ms, text: sections.has(`${name}.text.joined`) ? dict(`${name}.text`, count) : null };
  };

  const itemStart = u32('itemStart', count + 1);
  if (itemStart[0] !== 0 || itemStart[count] !== itemCount) fail('itemStart ends');
  for (let i = 0; i < count; i++) if (itemStart[i]! > itemStart[i + 1]!) fail('itemStart order');
  const idRank = u32('idRank', count);
  const seen = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const r = idRank[i]!;
    if (r >= count || seen[r]) fail('idRank is not a permutation');
    seen[r] = 1;
  }

  const columns: OrderColumns = {
    count,
    id: dict('id', count),
    tradeNumber: dict('tradeNumber', count),
    state: dict('state', count),
    buyerId: dict('buyerId', count),
    buyerName: dict('buyerName', count),
    buyerEmail: dict('buyerEmail', count),
    paymentMethod: dict('paymentMethod', count),
    currency: dict('currency', count),
    original: numbers('original', count),
    discount: numbers('discount', count),
    paid: numbers('paid', count),
    refunded: numbers('refunded', count),
    couponId: dict('couponId', count),
    couponCode: dict('couponCode', count),
    createdAt: time('createdAt', false),
    paidAt: time('paidAt', true),
    updatedAt: time('updatedAt', false),
    itemStart,
    itemId: dict('itemId', itemCount),
    itemKind: dict('itemKind', itemCount),
    itemProduct: dict('itemProduct', itemCount),
    itemCourse: dict('itemCourse', itemCount),
    itemName: dict('itemName', itemCount),
    itemOriginal: numbers('itemOriginal', itemCount),
    itemDiscount: numbers('itemDiscount', itemCount),
    itemAmount: numbers('itemAmount', itemCount),
    idRank,
  };
  return { columns, meta: header.meta };
}
