import { describe, expect, it } from 'vitest';
import { acceptedLanguages, languageOfTag, localeFromPreferences, resolveUiLocale } from '../../../shared/i18n/language';

describe('which language the UI speaks', () => {
  it('reads Traditional Chinese from Taiwan, Hong Kong, Macau and any zh-Hant tag', () => {
    for (const tag of ['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh-Hant-TW', 'zh-Hant-HK', 'zh_TW', 'ZH-tw']) expect(languageOfTag(tag), tag).toBe('zh-TW');
  });

  it('has no Simplified Chinese, and English for every English', () => {
    for (const tag of ['zh-CN', 'zh-SG', 'zh-Hans', 'zh-Hans-HK', 'zh']) expect(languageOfTag(tag), tag).toBeNull();
    for (const tag of ['en', 'en-US', 'en-GB', 'en-TW']) expect(languageOfTag(tag), tag).toBe('en');
    expect(languageOfTag('fr-FR')).toBeNull();
  });

  it('with "System", the first preferred language the app has decides; none → English', () => {
    expect(localeFromPreferences(['zh-Hant-TW', 'en-US'])).toEqual({ language: 'zh-TW', locale: 'zh-Hant-TW' });
    expect(localeFromPreferences(['fr-FR', 'zh-HK', 'en'])).toEqual({ language: 'zh-TW', locale: 'zh-HK' });
    expect(localeFromPreferences(['en-GB', 'zh-TW'])).toEqual({ language: 'en', locale: 'en-GB' });
    expect(localeFromPreferences(['zh-CN', 'ja-JP'])).toEqual({ language: 'en', locale: 'en-US' });
    expect(localeFromPreferences(['en'])).toEqual({ language: 'en', locale: 'en-US' });
    expect(localeFromPreferences([])).toEqual({ language: 'en', locale: 'en-US' });
    expect(localeFromPreferences(['not a tag!', 'zh-TW'])).toEqual({ language: 'zh-TW', locale: 'zh-TW' });
  });

  it('a pinned language wins over the system, keeping the system\'s regional variant of it', () => {
    expect(resolveUiLocale('zh-TW', ['en-US'])).toEqual({ language: 'zh-TW', locale: 'zh-TW' });
    expect(resolveUiLocale('en', ['zh-TW'])).toEqual({ language: 'en', locale: 'en-US' });
    expect(resolveUiLocale('en', ['en-GB'])).toEqual({ language: 'en', locale: 'en-GB' });
    expect(resolveUiLocale('system', ['zh-TW'])).toEqual({ language: 'zh-TW', locale: 'zh-TW' });
  });

  it("reads a request's Accept-Language as preferred tags, most preferred first", () => {
    expect(acceptedLanguages('zh-TW,zh;q=0.9,en;q=0.8')).toEqual(['zh-TW', 'zh', 'en']);
    expect(acceptedLanguages('en;q=0.5, zh-Hant-HK, *;q=0.1, fr;q=0')).toEqual(['zh-Hant-HK', 'en']);
    expect(acceptedLanguages('da, en-GB;q=0.8, en;q=0.8')).toEqual(['da', 'en-GB', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
    expect(localeFromPreferences(acceptedLanguages('zh-TW,zh;q=0.9,en;q=0.8'))).toEqual({ language: 'zh-TW', locale: 'zh-TW' });
  });
});
