import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { screenElements } from '../../widgets/screens/registry.ts';

/**
 * Deterministic speed budgets, checked on the build the test command has just made.
 * Bytes are gzip bytes, as a phone on a slow network receives them.
 */
// docs/decisions/006-widget-core-budget.md says why these two figures.
const widgetCoreBudgetBytes = 12 * 1024;
const widgetBudgetBytes = 18 * 1024;
const islandPageBudgetBytes = 25 * 1024;
// docs/decisions/008-brand-site.md: Leaflet alone is ~43 KB gzip; only the partner map page carries it.
const mapPageBudgetBytes = 60 * 1024;
const mapIsland = 'PartnerMap';
// docs/decisions/008-brand-site.md: /empty goes back in history, which needs one line of inline script.
const tinyScriptPages = new Set(['empty/index.html', 'zht/empty/index.html', 'eng/empty/index.html']);
const tinyScriptBudgetBytes = 256;

// BUDGET_SITE_DIR checks another build folder (for example one built with --outDir) instead of dist/site.
const siteDir = path.resolve(process.env.BUDGET_SITE_DIR ?? 'dist/site');
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
      const page = path.relative(siteDir, file);
      expect(html, page).not.toMatch(/\son[a-z]+=/i);
      if (tinyScriptPages.has(page)) continue;
      expect(html, page).not.toMatch(/<script\b/i);
    }
  });

  it(`keeps the one inline script of /empty under ${tinyScriptBudgetBytes} bytes gzip and loads nothing`, () => {
    for (const page of tinyScriptPages) {
      const html = fs.readFileSync(path.join(siteDir, page), 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length, page).toBe(1);
      expect(scripts[0]?.[1], page).not.toMatch(/\bsrc=/);
      expect(gzipSync(scripts[0]?.[2] ?? '').length, page).toBeLessThan(tinyScriptBudgetBytes);
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
      const budget = html.includes(`/${mapIsland}.`) ? mapPageBudgetBytes : islandPageBudgetBytes;
      expect(total, `${path.relative(siteDir, file)}: ${total} bytes`).toBeLessThan(budget);
    }
  });

  /**
   * The loader and, per widget, everything its screen's chunk loads statically. The loader also
   * fetches a catalogue and the HTTP client on demand; those load later and are not counted, as
   * before. Screen chunks are named after their declaration modules (`*.island.tsx`).
   */
  function widgetGraphs(): { loaderModules: Set<string>; graphs: Map<string, Set<string>> } {
    const loader = path.join(widgetsDir, 'embed.js');
    const graphs = new Map<string, Set<string>>();
    for (const match of fs.readFileSync(loader, 'utf8').matchAll(/import\(["']([^"']+\.island-[\w-]+\.js)["']\)/g)) {
      const entry = path.resolve(widgetsDir, match[1] ?? '');
      graphs.set(path.basename(entry), staticGraph(entry));
    }
    expect(graphs.size, 'one chunk per registered element').toBe(Object.keys(screenElements).length);
    return { loaderModules: staticGraph(loader), graphs };
  }

  const bytesOf = (modules: Iterable<string>) => [...modules].reduce((sum, module) => sum + gzipBytes(module), 0);

  it(`keeps the widget loader and the core every widget shares under ${widgetCoreBudgetBytes / 1024} KB gzip`, () => {
    const { loaderModules, graphs } = widgetGraphs();
    expect(graphs.size).toBeGreaterThanOrEqual(2);
    const everyWidget = [...graphs.values()].reduce((common, graph) => new Set([...common].filter((module) => graph.has(module))));
    const total = bytesOf(new Set([...loaderModules, ...everyWidget]));
    expect(total, `${total} bytes`).toBeLessThan(widgetCoreBudgetBytes);
  });

  it(`keeps any one widget, with the loader and all it needs, under ${widgetBudgetBytes / 1024} KB gzip`, () => {
    const { loaderModules, graphs } = widgetGraphs();
    for (const [name, graph] of graphs) {
      const total = bytesOf(new Set([...loaderModules, ...graph]));
      expect(total, `${name}: ${total} bytes`).toBeLessThan(widgetBudgetBytes);
    }
  });
});
