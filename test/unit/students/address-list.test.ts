import { describe, expect, it } from 'vitest';
import { addressesIn, decodeListFile, matchList } from '../../../renderer/features/students/address-list';

describe('a list of e-mail addresses', () => {
  it('is read from pasted lines or any CSV column, trimmed, each once in any case', () => {
    const text = 'Name,Email\n"Lin, Mei",  Mei.Lin@Example.org \nAnn <ann@example.org>; bob@example.org\tmei.lin@example.ORG\n\nnot-an-address, x@y\n';
    expect(addressesIn(text)).toEqual({ addresses: ['Mei.Lin@Example.org', 'ann@example.org', 'bob@example.org'], repeated: 1 });
  });

  it('is decoded from UTF-8 with or without a byte order mark, and from Big5', () => {
    const utf8 = new TextEncoder().encode('姓名,Email\n王小明,ming@example.org\n');
    expect(decodeListFile(utf8)).toBe('姓名,Email\n王小明,ming@example.org\n');
    expect(decodeListFile(Uint8Array.of(0xef, 0xbb, 0xbf, ...utf8))).toBe('姓名,Email\n王小明,ming@example.org\n');
    // "學員,ming@example.org" as Excel in Taiwan saves it: 學 BE C7, 員 AD FB.
    const big5 = Uint8Array.of(0xbe, 0xc7, 0xad, 0xfb, ...new TextEncoder().encode(',ming@example.org'));
    expect(decodeListFile(big5)).toBe('學員,ming@example.org');
    expect(addressesIn(decodeListFile(big5)).addresses).toEqual(['ming@example.org']);
  });

  it('is split into found and not found by what the engine answered, in any case', () => {
    const match = matchList(['A@x.org', 'b@x.org', 'c@x.org'], { ids: ['stu_a', 'stu_c'], emails: ['a@x.org', 'c@x.org'] });
    expect(match).toEqual({ found: [{ id: 'stu_a', email: 'a@x.org' }, { id: 'stu_c', email: 'c@x.org' }], notFound: ['b@x.org'] });
  });
});
