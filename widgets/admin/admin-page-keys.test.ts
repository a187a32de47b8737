import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminPageMessageKeys } from './admin-page-keys.ts';

/** The words the back office's screens ask for by name: t('key') in every module of widgets/admin. */
function keysAskedFor(): string[] {
  const asked = new Set<string>();
  for (const entry of fs.readdirSync(import.meta.dirname, { withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.includes('.test.')) continue;
    const source = fs.readFileSync(path.join(import.meta.dirname, entry.name), 'utf8');
    for (const match of source.matchAll(/\bt\('([a-z0-9_]+)'/g)) asked.add(match[1] ?? '');
  }
  return [...asked].sort();
}

describe('the back office page', () => {
  it('hands its island every word a back-office screen asks for by name (a missing one shows as its key)', () => {
    const handed = new Set<string>(adminPageMessageKeys);
    expect(keysAskedFor().filter((key) => !handed.has(key))).toEqual([]);
  });
});
