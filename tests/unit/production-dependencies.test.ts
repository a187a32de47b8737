import { readdir, readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A production install (`npm install --omit=dev`) has only `dependencies`. Every package the server
 * and its command line import, followed through every relative import from their entry points,
 * must be one of them, or the server cannot start where it is deployed. Publishing runs `astro build`
 * at run time (docs/decisions/053-production-install-and-backups.md): a package found by name
 * (`createRequire(…).resolve`, `import.meta.resolve`) is followed too, the scripts the server runs as
 * child processes are entry points, and once Astro is reached, so is everything its build loads: the
 * configuration and the site's sources, through the islands into the widgets.
 */
const root = path.resolve(import.meta.dirname, '../..');
const entryPoints = ['server/main.ts', 'server/cli/admin.ts'];
const importPattern =
  /(?:^|\n)\s*(?:import|export)(?!\s+type\b)[^'"]*?from\s+'([^']+)'|(?:^|\n)\s*import\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|(?:createRequire\([^)]*\)|import\.meta)\.resolve\(\s*'([^']+)'\s*\)/g;
/** A script the server starts as a child process: path.join(projectRoot, 'scripts', 'name.ts'). */
const childScriptPattern = /path\.join\(\s*projectRoot,\s*'scripts',\s*'([\w.-]+\.(?:ts|mjs))'\s*\)/g;
const followed = /\.(ts|tsx|js|mjs|astro)$/;
/** What the Astro build itself loads besides the configuration: every source under its srcDir. */
const astroBuildRoots = ['astro.config.mjs'];
const astroSourceDir = 'site';
/** astro.config.mjs answers these names with Preact itself (scripts/react-to-preact.mjs); dlv is rosetta's own. */
const buildAliases: Record<string, string | undefined> = { react: 'preact', 'react-dom': 'preact', dlv: undefined };

const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? specifier);

async function sourcesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && followed.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

async function packagesReachedFrom(entries: string[]): Promise<Map<string, string>> {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const pending = entries.map((entry) => path.join(root, entry));
  let astroBuildFollowed = false;
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = await readFile(file, 'utf8');
    for (const match of source.matchAll(childScriptPattern)) pending.push(path.join(root, 'scripts', match[1] ?? ''));
    for (const match of source.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? match[4];
      if (
        specifier === undefined ||
        specifier.startsWith('node:') ||
        specifier.startsWith('astro:') ||
        builtinModules.includes(specifier)
      ) {
        continue;
      }
      if (specifier.startsWith('.')) {
        if (followed.test(specifier)) pending.push(path.resolve(path.dirname(file), specifier));
        continue;
      }
      const name = packageOf(specifier);
      const aliased = name in buildAliases ? buildAliases[name] : name;
      if (aliased === undefined) continue;
      if (!packages.has(aliased)) packages.set(aliased, path.relative(root, file));
      if (aliased === 'astro' && !astroBuildFollowed) {
        astroBuildFollowed = true;
        pending.push(...[...astroBuildRoots, ...(await sourcesUnder(astroSourceDir))].map((entry) => path.join(root, entry)));
      }
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

  it('publishing builds with Astro at run time, so Astro and what its build loads are followed', async () => {
    const reached = await packagesReachedFrom(entryPoints);
    // site-build.ts finds Astro by name, then the build loads astro.config.mjs (its integration) and the islands.
    expect(reached.get('astro')).toBe('server/site/site-build.ts');
    expect(reached.has('@astrojs/preact')).toBe(true);
    expect(reached.has('preact')).toBe(true);
  });
});
