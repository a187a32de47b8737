import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { locales, type Locale } from './index.ts';

const catalogues = Object.fromEntries(
  locales.map((locale) => [
    locale,
    JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `${locale}.json`), 'utf8')) as Record<string, string>,
  ]),
) as Record<Locale, Record<string, string>>;

/** Every message key the original app uses (docs/original-app.md), spelled as it spells them. */
const seedKeys = [
  'login_nameblank',
  'login_passblank',
  'login_error',
  'register_inconsistent',
  'register_less',
  'register_nickblank',
  'register_namelength',
  'register_passblank',
  'register_error',
  'register_error2',
  'edit_error1',
  'edit_fail',
  'cart_error',
  'order_error',
  'wallet_lower',
  'wallet_less',
  'wallet_transfer_fail',
  'bank_must_cardholde',
  'bank_must_bank',
  'bank_must_number',
  'bank_must_branch',
  'bank_enter',
  'verify_upload_error',
  'verify_error',
  'verify_check_info',
  'verify_check_photo',
  'verify_check_size',
  'cart_copy_success',
  'cart_copy_error',
  'dig_serial',
];

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

/** Keys the code asks for literally: t('key'). */
function keysUsedInCode(): string[] {
  const used = new Set<string>();
  for (const folder of ['site', 'widgets']) {
    for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(astro|tsx?)$/.test(entry.name) || entry.name.includes('.test.')) continue;
      const source = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
      for (const match of source.matchAll(/\bt\('([a-z0-9_]+)'/g)) used.add(match[1] ?? '');
      for (const match of source.matchAll(/(?:label|MessageKeys = \[)[^\]]*?'([a-z]+_[a-z0-9_]+)'/g)) used.add(match[1] ?? '');
    }
  }
  return [...used].sort();
}

describe('the message catalogues', () => {
  it('have the same keys in every locale', () => {
    const reference = Object.keys(catalogues.zhs).sort();
    for (const locale of locales) expect(Object.keys(catalogues[locale]).sort(), locale).toEqual(reference);
  });

  it('hold every key the original app uses', () => {
    for (const locale of locales) {
      const missing = seedKeys.filter((key) => !(key in catalogues[locale]));
      expect(missing, locale).toEqual([]);
    }
  });

  it('hold every key the site and widgets ask for', () => {
    const missing = keysUsedInCode().filter((key) => !(key in catalogues.zhs));
    expect(missing).toEqual([]);
  });

  it('have no empty message and the same placeholders in every locale', () => {
    for (const [key, text] of Object.entries(catalogues.zhs)) {
      for (const locale of locales) {
        const translated = catalogues[locale][key] ?? '';
        expect(translated.trim(), `${locale}.${key}`).not.toBe('');
        expect(placeholders(translated), `${locale}.${key}`).toEqual(placeholders(text));
      }
    }
  });

  it('are translated: Chinese catalogues are not English copies', () => {
    const untranslated = Object.keys(catalogues.eng).filter(
      (key) => !key.startsWith('language_') && /[a-z]{3}/i.test(catalogues.eng[key] ?? '') && catalogues.zhs[key] === catalogues.eng[key],
    );
    expect(untranslated).toEqual([]);
  });

  it('keep keys sorted so that additions merge cleanly', () => {
    for (const locale of locales) {
      const keys = Object.keys(catalogues[locale]);
      expect(keys, locale).toEqual([...keys].sort());
    }
  });
});
