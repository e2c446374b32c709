// A list of records ⇄ the plaintext of a snapshot, column by column: one JSON document with one array per field
// of the record's schema (a hundred thousand records are a dozen arrays, not a hundred thousand objects to
// describe), sealed by snapshot-store.ts. Which fields there are comes from the schema alone, so a record that
// gains or loses a field needs no change here, only a new layout name. Decoding checks the layout, every
// column's length and every record against the schema: a file that authenticates but does not hold exactly
// this is refused, never shown.
import { z } from 'zod';

export function encodeRecordColumns<S extends z.ZodObject>(layout: string, schema: S, records: readonly z.output<S>[], fetchedAt: string): Uint8Array[] {
  const columns: Record<string, unknown[]> = {};
  for (const field of Object.keys(schema.shape)) {
    // An absent optional field is kept as null, and read back as absent.
    columns[field] = records.map((record) => (record as Record<string, unknown>)[field] ?? null);
  }
  return [Buffer.from(JSON.stringify({ layout, fetchedAt, count: records.length, columns }), 'utf8')];
}

export function decodeRecordColumns<S extends z.ZodObject>(layout: string, schema: S, plain: Buffer): { records: z.output<S>[]; fetchedAt: string } {
  const fields = Object.keys(schema.shape);
  const doc = z
    .object({ layout: z.literal(layout), fetchedAt: z.string(), count: z.number().int().min(0), columns: z.record(z.string(), z.array(z.unknown())) })
    .parse(JSON.parse(plain.toString('utf8')));
  const n = doc.count;
  const columns = fields.map((field) => {
    const column = doc.columns[field];
    if (!column || column.length !== n) throw new Error(`column ${field} missing or of another length`);
    return column;
  });
  // Fields that may be absent but not null were absent when written.
  const absentWhenNull = fields.map((field) => {
    const type = schema.shape[field] as z.ZodType;
    return !type.safeParse(null).success && type.safeParse(undefined).success;
  });
  const raw: Record<string, unknown>[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const record: Record<string, unknown> = {};
    for (let f = 0; f < fields.length; f++) {
      const value = columns[f]![i];
      if (value === null && absentWhenNull[f]) continue;
      record[fields[f]!] = value;
    }
    raw[i] = record;
  }
  return { records: z.array(schema).parse(raw), fetchedAt: doc.fetchedAt };
}
