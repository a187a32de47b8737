import { readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A production install (`npm install --omit=dev`) has only `dependencies`. Every package the server
 * and its command line import, followed through every relative import from their entry points,
 * must be one of them, or the server cannot start where it is deployed.
 */
const root = path.resolve(import.meta.dirname, '../..');
const entryPoints = ['server/main.ts', 'server/cli/admin.ts'];
const importPattern =
  /(?:^|\n)\s*(?:import|export)(?!\s+type\b)[^'"]*?from\s+'([^']+)'|(?:^|\n)\s*import\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? specifier);

async function packagesReachedFrom(entries: string[]): Promise<Map<string, string>> {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const pending = entries.map((entry) => path.join(root, entry));
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = await readFile(file, 'utf8');
    for (const match of source.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (specifier === undefined || specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
      if (specifier.startsWith('.')) {
        if (/\.(ts|tsx|js|mjs)$/.test(specifier)) pending.push(path.resolve(path.dirname(file), specifier));
        continue;
      }
      packages.set(packageOf(specifier), path.relative(root, file));
    }
  }
  return packages;
}

describe('a production install can run the server', () => {
  it('every package the server imports at run time is a dependency, not a devDependency', async () => {
    const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    const dependencies = new Set(Object.keys(manifest.dependencies ?? {}));
    const reached = await packagesReachedFrom(entryPoints);
    expect(reached.size).toBeGreaterThan(5);
    const missing = [...reached].filter(([name]) => !dependencies.has(name)).map(([name, from]) => `${name} (imported by ${from})`);
    expect(missing).toEqual([]);
    // Node 24 runs the TypeScript sources directly; the machine's own Node may be older.
    expect(dependencies.has('node')).toBe(true);
  });
});
