// Ids of the rows of the columnar stores: `<kind>_<school no>_<row + 1>`, so an id names its school and its
// row with no lookup table, and one school's id never resolves in another school.

export function rowId(kind: string, schoolNo: number, row: number): string {
  return `${kind}_${schoolNo}_${row + 1}`;
}

/** The row an id names in this school's store of `count` rows, or -1 (another school's, malformed, out of range). */
export function rowOf(id: string, kind: string, schoolNo: number, count: number): number {
  const prefix = `${kind}_${schoolNo}_`;
  if (!id.startsWith(prefix)) return -1;
  const rest = id.slice(prefix.length);
  if (!/^[1-9][0-9]*$/.test(rest)) return -1;
  const n = Number(rest) - 1;
  return n < count ? n : -1;
}
