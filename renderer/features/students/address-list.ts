// Work from a list (Students page): the e-mail addresses in what the admin pasted or in a CSV they dropped or
// opened. Pure, so the rules are unit-tested: a file is UTF-8 (with or without a byte order mark) or, when it
// is not valid UTF-8, Big5 (what Excel in Taiwan saves as "CSV"); addresses are trimmed and compared in any case.

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** A list file's text: UTF-8 (its BOM dropped), else Big5. */
export function decodeListFile(bytes: Uint8Array): string {
  const bom = UTF8_BOM.every((b, k) => bytes[k] === b);
  if (bom) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('big5').decode(bytes);
  }
}

/** Something shaped like an address: a local part, one @, a domain with a dot. Display names, quotes and <> are not part of it. */
const ADDRESS = /[^\s@<>"',;:()[\]]+@[^\s@<>"',;:()[\]]+\.[^\s@<>"',;:()[\]]+/g;

interface AddressList {
  /** Each address once (the first spelling given), in the order given. */
  addresses: string[];
  /** Given more than once (in any case): how many extra times. */
  repeated: number;
}

/** The addresses in pasted text or a CSV's cells (any column, any separator), trimmed, each once. */
export function addressesIn(text: string): AddressList {
  const seen = new Set<string>();
  const addresses: string[] = [];
  let repeated = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0].trim();
    const key = address.toLowerCase();
    if (seen.has(key)) repeated++;
    else {
      seen.add(key);
      addresses.push(address);
    }
  }
  return { addresses, repeated };
}

export interface ListMatch {
  found: { id: string; email: string }[];
  /** The addresses no synced student has. */
  notFound: string[];
}

/** Splits the list by what the data engine found (its answer to data.students.pick by e-mails). */
export function matchList(addresses: readonly string[], picked: { ids: readonly string[]; emails: readonly string[] }): ListMatch {
  const known = new Set(picked.emails.map((e) => e.trim().toLowerCase()));
  return {
    found: picked.ids.map((id, k) => ({ id, email: picked.emails[k] ?? '' })),
    notFound: addresses.filter((a) => !known.has(a.toLowerCase())),
  };
}
