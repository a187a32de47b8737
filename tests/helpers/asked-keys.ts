import fs from 'node:fs';
import path from 'node:path';

/**
 * The words a module and everything it imports ask for by name, t('key'), followed through relative
 * imports, static and lazy: what a screen's hand-kept list of message keys must hold, or a word shows
 * as its key (a word asked for through a variable is not seen here).
 */
export function keysAskedFor(entry: string): string[] {
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
