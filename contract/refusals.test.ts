import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { locales, type Locale } from '../locales/index.ts';
import { refusalCodes, refusalKeyPrefix } from './refusals.ts';

const root = path.resolve(import.meta.dirname, '..');

const catalogues = Object.fromEntries(
  locales.map((locale) => [
    locale,
    JSON.parse(fs.readFileSync(path.join(root, 'locales', `${locale}.json`), 'utf8')) as Record<string, string>,
  ]),
) as Record<Locale, Record<string, string>>;

/** Source files of one folder, tests left out. */
function sources(folder: string): string[] {
  return fs
    .readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Every English sentence the server refuses with: the message constants, and the literals on the
 * lines that build a refusal. Sentences only (two words or more), so field names do not count. A
 * template literal counts up to its first placeholder (a limit from contract/limits.ts, say).
 */
function serverRefusalSentences(): Set<string> {
  const sentences = new Set<string>();
  const literal = /'((?:[^'\\]|\\.)+)'|"((?:[^"\\]|\\.)+)"|`((?:[^`\\]|\\.)+)`/g;
  for (const file of sources('server')) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      const declaresMessage = /\b\w+(?:Message|Detail|Reason|sendAsField)\s*=\s*$/.test(line);
      const refuses =
        /\b(?:ApiError|notFound|forbidden|fieldError|validationError|failure)\(|\bmessage: '|\w+(?:Message|Detail|Reason|sendAsField) = ['"`]/.test(
          line,
        );
      const text = declaresMessage ? (lines[index + 1] ?? '') : refuses ? line : '';
      for (const match of text.matchAll(literal)) {
        const sentence = (match[1] ?? match[2] ?? match[3]?.split('${')[0]?.trim() ?? '').replaceAll("\\'", "'");
        if (/^[A-Za-z][^ ]* [^ ]+/.test(sentence) && sentence.length >= 8) sentences.add(sentence);
      }
    });
  }
  return sentences;
}

/** Common characters written differently in the two scripts: one script's form never belongs in the other's catalogue. */
const simplifiedOnly =
  /[们这说过时间页设备账号钱银证现录请码额转单审认务开关键标图发与实验择选项输绑机费义问题无应对计际产买卖态议达获处确删还记种类传档级网络连续据钟为该数资库张经营业历区错误仅损坏]/u;
const traditionalOnly =
  /[們這說過時間頁設備帳號錢銀證現錄請碼額轉單審認務開關鍵標圖發與實驗擇選項輸綁機費義問題無應對計際產買賣態議達獲處確刪還記種類傳檔級網絡連續據鐘為該數資庫張經營業歷區錯誤僅損壞]/u;

describe('refusal codes', () => {
  it('are unique snake_case names', () => {
    expect(new Set(refusalCodes).size).toBe(refusalCodes.length);
    for (const code of refusalCodes) expect(code).toMatch(/^[a-z]+(?:_[a-z0-9]+)*$/);
  });

  it('each have a translation in every locale: simplified Chinese in zhs, traditional in zht', () => {
    for (const code of refusalCodes) {
      const key = `${refusalKeyPrefix}${code}`;
      for (const locale of locales) expect(catalogues[locale][key]?.trim(), `${locale}.${key}`).toBeTruthy();
      expect(catalogues.zhs[key], `zhs.${key}`).toMatch(/\p{Script=Han}/u);
      expect(catalogues.zht[key], `zht.${key}`).toMatch(/\p{Script=Han}/u);
      expect(catalogues.zhs[key], `zhs.${key} has traditional characters`).not.toMatch(traditionalOnly);
      expect(catalogues.zht[key], `zht.${key} has simplified characters`).not.toMatch(simplifiedOnly);
    }
  });

  it('have no catalogue key without a code', () => {
    const codes = new Set<string>(refusalCodes);
    for (const key of Object.keys(catalogues.eng).filter((key) => key.startsWith(refusalKeyPrefix))) {
      expect(codes.has(key.slice(refusalKeyPrefix.length)), key).toBe(true);
    }
  });
});

describe('the widgets and the English the server refuses with', () => {
  const sentences = serverRefusalSentences();

  it('finds the server sentences it guards against', () => {
    expect(sentences).toContain('Amount cannot be less than');
    expect(sentences).toContain('Logged in on another device');
    expect(sentences).toContain('Find no such referrer.');
    expect(sentences).toContain("Insufficient balance of user's main wallet");
    expect(sentences.size).toBeGreaterThan(50);
  });

  it('never carry one: screens translate by code, so no English sentence is matched or shown', () => {
    const found: string[] = [];
    for (const file of sources('widgets')) {
      const source = fs.readFileSync(file, 'utf8');
      for (const sentence of sentences) if (source.includes(sentence)) found.push(`${path.relative(root, file)}: ${sentence}`);
    }
    expect(found).toEqual([]);
  });
});
