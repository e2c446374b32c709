// The two languages hold the same strings: the same keys (plural forms aside: zh-TW has only `_other`), the
// same {{placeholders}} per key, and no empty string. The types say the same at build time; this also
// catches a placeholder renamed in one language only, which the types cannot see.
import { describe, expect, it } from 'vitest';
import { en } from '../../../shared/i18n/en';
import { zhTW } from '../../../shared/i18n/zh-TW';
import { t, translatorFor } from '../../../shared/i18n/i18n';

type Tree = { readonly [key: string]: string | Tree };

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every leaf as "area:path.to.key" (plural suffix dropped) → the placeholders of all its forms. */
function leaves(tree: Tree, prefix = ''): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      const base = path.replace(PLURAL, '');
      const names = out.get(base) ?? new Set<string>();
      // A placeholder may carry a format ("{{percent, sharePaid}}"): the name is what both languages share.
      for (const match of value.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)) names.add(match[1]!);
      out.set(base, names);
    } else {
      for (const [k, v] of leaves(value, path)) out.set(k, new Set([...(out.get(k) ?? []), ...v]));
    }
  }
  return out;
}

function strings(tree: Tree): string[] {
  return Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : strings(value)));
}

describe('the language catalogue', () => {
  it('has the same areas in both languages', () => {
    expect(Object.keys(zhTW).sort()).toEqual(Object.keys(en).sort());
  });

  for (const area of Object.keys(en) as (keyof typeof en)[]) {
    it(`${area}: the same keys and placeholders in English and 繁體中文`, () => {
      const english = leaves(en[area] as Tree);
      const chinese = leaves(zhTW[area] as Tree);
      expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, names] of english) expect([...(chinese.get(key) ?? [])].sort(), `${area}:${key}`).toEqual([...names].sort());
    });

    it(`${area}: no empty string, and zh-TW has no plural form but "other"`, () => {
      for (const value of [...strings(en[area] as Tree), ...strings(zhTW[area] as Tree)]) expect(value.trim()).not.toBe('');
      const zhKeys = JSON.stringify(zhTW[area]);
      expect(zhKeys).not.toMatch(/_(zero|one|two|few|many)"/);
    });
  }

  it('chooses plural forms with Intl.PluralRules: English one/other, 繁體中文 one form', () => {
    const zh = translatorFor('zh-TW');
    expect(t('main:tray.attention', { count: 1 })).toBe('1 thing needs attention');
    expect(t('main:tray.attention', { count: 3 })).toBe('3 things need attention');
    expect(zh('main:tray.attention', { count: 1 })).toBe('1 件事需要處理');
    expect(zh('main:tray.attention', { count: 3 })).toBe('3 件事需要處理');
  });
});
