import { describe, expect, it } from 'vitest';
import { localeOfLang } from './widget-locale.ts';

describe('the language a partner page names', () => {
  it.each([
    ['zhs', 'zhs'],
    ['zht', 'zht'],
    ['eng', 'eng'],
    ['zh', 'zhs'],
    ['zh-CN', 'zhs'],
    ['zh-Hans', 'zhs'],
    ['zh-TW', 'zht'],
    ['zh-Hant-TW', 'zht'],
    ['zh-HK', 'zht'],
    ['en', 'eng'],
    ['en-GB', 'eng'],
    [' EN-us ', 'eng'],
  ])('reads %s as %s', (lang, locale) => {
    expect(localeOfLang(lang)).toBe(locale);
  });

  it.each(['', 'fr', 'ja-JP', 'zhx', 'english', null, undefined])('leaves %s to the page or the default', (lang) => {
    expect(localeOfLang(lang)).toBeUndefined();
  });
});
