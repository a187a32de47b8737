import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminPageMessageKeys } from './admin-page-keys.ts';

/**
 * The words the back office asks for by name: t('key') in the island and every module it imports,
 * followed through relative imports, static and lazy (its tabs here and the shared screens it renders from other folders).
 */
function keysAskedFor(entry: string): string[] {
  const seen = new Set<string>();
  const asked = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(/\bt\('([a-z0-9_]+)'/g)) asked.add(match[1] ?? '');
    for (const match of source.matchAll(/(?:(?:import|export)[^'"]*?from\s+|import\(\s*)'(\.[^']+\.tsx?)'/g)) {
      pending.push(path.resolve(path.dirname(file), match[1] ?? ''));
    }
  }
  return [...asked].sort();
}

describe('the back office page', () => {
  it('hands its island every word the island asks for by name (a missing one shows as its key)', () => {
    const handed = new Set<string>(adminPageMessageKeys);
    const asked = keysAskedFor(path.join(import.meta.dirname, 'AdminApp.island.tsx'));
    expect(asked.length).toBeGreaterThan(100);
    expect(asked.filter((key) => !handed.has(key))).toEqual([]);
  });
});
