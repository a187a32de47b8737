import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * Deterministic speed budgets, checked on the build the test command has just made.
 * Bytes are gzip bytes, as a phone on a slow network receives them.
 */
// docs/decisions/006-widget-core-budget.md says why 13 KB.
const widgetCoreBudgetBytes = 13 * 1024;
const islandPageBudgetBytes = 25 * 1024;

const siteDir = path.resolve('dist/site');
const widgetsDir = path.resolve('dist/widgets');

function gzipBytes(file: string): number {
  return gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** A module and every module it imports statically (dynamic imports load later, on demand). */
function staticGraph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const code = fs.readFileSync(entry, 'utf8');
  for (const match of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*${}\s,]+from\s*)?["']([^"']+\.js)["']/g)) {
    const specifier = match[1] ?? '';
    staticGraph(path.resolve(path.dirname(entry), specifier), seen);
  }
  return seen;
}

function htmlPages(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function builtFile(url: string): string {
  return path.join(siteDir, url.replace(/^\//, ''));
}

describe('size budgets of the build', () => {
  it('has a build to check (the test command builds first)', () => {
    expect(fs.existsSync(siteDir), 'run "npm run build" first').toBe(true);
    expect(fs.existsSync(path.join(widgetsDir, 'embed.js')), 'run "npm run build" first').toBe(true);
  });

  it('ships no JavaScript at all on pages without an island', () => {
    const pagesWithoutIslands = htmlPages(siteDir).filter((file) => !fs.readFileSync(file, 'utf8').includes('<astro-island'));
    expect(pagesWithoutIslands.length).toBeGreaterThan(0);
    for (const file of pagesWithoutIslands) {
      const html = fs.readFileSync(file, 'utf8');
      expect(html, path.relative(siteDir, file)).not.toMatch(/<script\b/i);
      expect(html, path.relative(siteDir, file)).not.toMatch(/\son[a-z]+=/i);
    }
  });

  it(`keeps each island page's JavaScript under ${islandPageBudgetBytes / 1024} KB gzip`, () => {
    const islandPages = htmlPages(siteDir).filter((file) => fs.readFileSync(file, 'utf8').includes('<astro-island'));
    expect(islandPages.length).toBeGreaterThan(0);
    for (const file of islandPages) {
      const html = fs.readFileSync(file, 'utf8');
      const entries = new Set<string>();
      for (const match of html.matchAll(/(?:component-url|renderer-url|src)="(\/_astro\/[^"]+\.js)"/g))
        entries.add(builtFile(match[1] ?? ''));
      const modules = new Set<string>();
      for (const entry of entries) for (const module of staticGraph(entry)) modules.add(module);
      const inlineScripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1] ?? '').join('');
      const total = [...modules].reduce((sum, module) => sum + gzipBytes(module), 0) + gzipSync(inlineScripts).length;
      expect(total, `${path.relative(siteDir, file)}: ${total} bytes`).toBeLessThan(islandPageBudgetBytes);
    }
  });

  it(`keeps the widget loader and shared core under ${widgetCoreBudgetBytes / 1024} KB gzip`, () => {
    const loader = path.join(widgetsDir, 'embed.js');
    const loaderModules = staticGraph(loader);
    // Each widget is a dynamic import of the loader; what two or more widgets load is the shared core.
    const widgetGraphs = [...fs.readFileSync(loader, 'utf8').matchAll(/import\(["']([^"']+\.js)["']\)/g)].map((match) =>
      staticGraph(path.resolve(widgetsDir, match[1] ?? '')),
    );
    expect(widgetGraphs.length).toBeGreaterThanOrEqual(2);
    const sharedCore = [...new Set(widgetGraphs.flatMap((graph) => [...graph]))].filter(
      (module) => widgetGraphs.filter((graph) => graph.has(module)).length >= 2,
    );
    const modules = new Set([...loaderModules, ...sharedCore]);
    const total = [...modules].reduce((sum, module) => sum + gzipBytes(module), 0);
    expect(total, `${total} bytes in ${modules.size} files`).toBeLessThan(widgetCoreBudgetBytes);
  });
});
