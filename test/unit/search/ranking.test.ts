// The palette's ranking (shared/search/ranking.ts): exact before prefix before a word's start before anywhere,
// fuzzy only where asked, recent first among equals, and the group holding the best hit on top.
import { describe, expect, it } from 'vitest';
import { bestMatch, compareHits, fuzzySpan, matchQuality, normalizeText, orderGroups, topHits } from '../../../shared/search/ranking';

describe('matchQuality', () => {
  it('says exact, prefix, word, substring, or nothing', () => {
    expect(matchQuality('20261122-00042', '20261122-00042')).toBe('exact');
    expect(matchQuality('20261122-00042', '2026')).toBe('prefix');
    expect(matchQuality('ada lovelace', 'love')).toBe('word');
    expect(matchQuality('x-ada@example.com', 'ada')).toBe('word');
    expect(matchQuality('grace@example.com', 'ace')).toBe('substring');
    expect(matchQuality('grace@example.com', 'zzz')).toBeNull();
    expect(matchQuality('', 'a')).toBeNull();
    expect(matchQuality('abc', '')).toBeNull();
  });

  it('finds a later word start after an earlier mid-word hit', () => {
    // "ada" is first inside "nadal", then at the start of "ada"
    expect(matchQuality('nadal ada', 'ada')).toBe('word');
  });

  it('matches the letters in order only when fuzzy is asked', () => {
    expect(matchQuality('go to orders', 'gtord')).toBeNull();
    expect(matchQuality('go to orders', 'gtord', { fuzzy: true })).toBe('fuzzy');
    expect(matchQuality('go to orders', 'dro', { fuzzy: true })).toBeNull();
    expect(fuzzySpan('go to orders', 'gto')).toBe(5); // g…to: the first letters that fit
    expect(fuzzySpan('orders', 'ors')).toBeLessThan(fuzzySpan('go to orders', 'ors')!);
  });

  it('normalises case and white space', () => {
    expect(normalizeText('  Ada   LOVELACE ')).toBe('ada lovelace');
    expect(bestMatch(['T-1', 'Ada@Example.com', 'Ada Lovelace'], normalizeText('ADA@example.com'))).toBe('exact');
    expect(bestMatch(['T-1', 'someone@example.com', 'Ada Lovelace'], 'love')).toBe('word');
  });
});

describe('ranking hits', () => {
  const hit = (title: string, match: 'exact' | 'prefix' | 'word' | 'substring' | 'fuzzy', at: string | null, span?: number) => ({ title, match, at, ...(span ? { span } : {}) });

  it('puts the better match first, then the more recent, then the tighter fuzzy span, then by title', () => {
    const list = [
      hit('old substring', 'substring', '2026-11-20T00:00:00Z'),
      hit('old prefix', 'prefix', '2025-01-01T00:00:00Z'),
      hit('new prefix', 'prefix', '2026-11-01T00:00:00Z'),
      hit('undated prefix', 'prefix', null),
      hit('exact', 'exact', '2020-01-01T00:00:00Z'),
      hit('b wide', 'fuzzy', null, 9),
      hit('a tight', 'fuzzy', null, 3),
    ];
    expect([...list].sort(compareHits).map((h) => h.title)).toEqual(['exact', 'new prefix', 'old prefix', 'undated prefix', 'old substring', 'a tight', 'b wide']);
    const top = topHits(list, 2);
    expect(top.total).toBe(7);
    expect(top.hits.map((h) => h.title)).toEqual(['exact', 'new prefix']);
  });

  it('orders groups by their best hit; on a tie orders, students, courses, coupons, actions; empty groups dropped', () => {
    const groups = orderGroups([
      { kind: 'action' as const, hits: [{ match: 'exact' as const }] },
      { kind: 'course' as const, hits: [{ match: 'prefix' as const }] },
      { kind: 'order' as const, hits: [{ match: 'exact' as const }] },
      { kind: 'coupon' as const, hits: [] },
    ]);
    expect(groups.map((g) => g.kind)).toEqual(['order', 'action', 'course']);
  });
});
