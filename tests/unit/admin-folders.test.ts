import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The back office is a shell, one folder per tab and one folder of shared parts (docs/architecture.md):
 * a tab's screens, API calls, words and component tests live in `tabs/<tab>/`, and a tab depends only
 * on itself and `shared/`, so a tab can be read, changed or removed without reading the others.
 */
const adminDir = path.resolve(import.meta.dirname, '../../widgets/admin');

/** The app shell, the only files at the top of widgets/admin: the page's island, its frame and the login. */
const shellFiles = [
  'AdminApp.tsx',
  'AdminApp.island.tsx',
  'AdminApp.browser.test.tsx',
  'AdminLogin.tsx',
  'AdminLogin.browser.test.tsx',
  'AdminCodeStep.tsx',
  'AdminPlace.browser.test.tsx',
  'use-admin-place.ts',
  'lazy-tab.tsx',
];

const importPattern = /(?:^\s*(?:import|export)\s[^'"]*?from\s+|\bimport\(\s*)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** One import between two files, as paths relative to widgets/admin. */
interface AdminImport {
  from: string;
  to: string;
}

function adminImports(): AdminImport[] {
  return fs
    .readdirSync(adminDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .flatMap((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return [...fs.readFileSync(file, 'utf8').matchAll(importPattern)].map((match) => ({
        from: path.relative(adminDir, file),
        to: path.relative(adminDir, path.resolve(entry.parentPath, match[1] ?? '')),
      }));
    });
}

/** Where a file sits: the shell, shared/, a tab's folder, or outside widgets/admin (core, ui, contract, locales). */
function placeOf(file: string): string {
  const [first, second] = file.split(path.sep);
  if (first === '..') return 'outside';
  if (first === 'tabs') return `tabs/${second}`;
  return first === 'shared' ? 'shared' : 'shell';
}

/**
 * Every import that crosses a line it may not, as `from -> to`: a tab into another tab, shared/ into a
 * tab or the shell, a tab's screen into the shell. A tab's component test may render the whole shell
 * (AdminApp.tsx), to open its tab as an operator does.
 */
function crossings(imports: AdminImport[]): string[] {
  return imports
    .filter(({ from, to }) => {
      const [source, target] = [placeOf(from), placeOf(to)];
      if (target === 'outside' || target === source) return false;
      if (source === 'shared') return true;
      if (source.startsWith('tabs/')) return target !== 'shared' && !(target === 'shell' && /\.test\.tsx?$/.test(from));
      return false;
    })
    .map(({ from, to }) => `${from} -> ${to}`);
}

/** The tab ids AdminApp.tsx lists, in its order. */
function tabIds(): string[] {
  const app = fs.readFileSync(path.join(adminDir, 'AdminApp.tsx'), 'utf8');
  return [...app.matchAll(/\{ id: '([a-z_]+)', label:/g)].map((match) => match[1] ?? '');
}

const folderOf = (tab: string) => tab.replaceAll('_', '-');
const screenOf = (tab: string) => tab.replace(/(?:^|_)([a-z])/g, (_, letter: string) => letter.toUpperCase());

describe('the back office folders', () => {
  it('has no file at its top but the app shell', () => {
    const top = fs
      .readdirSync(adminDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
    expect(top.filter((name) => !shellFiles.includes(name))).toEqual([]);
    expect(fs.readdirSync(adminDir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? [entry.name] : []))).toEqual([
      'shared',
      'tabs',
    ]);
  });

  it('has one folder per tab, named by its id, its screen named by it too', () => {
    const ids = tabIds();
    expect(ids.length).toBeGreaterThan(15);
    expect(fs.readdirSync(path.join(adminDir, 'tabs')).sort()).toEqual(ids.map(folderOf).sort());
    const missing = ids.filter((tab) => !fs.existsSync(path.join(adminDir, 'tabs', folderOf(tab), `${screenOf(tab)}.tsx`)));
    expect(missing).toEqual([]);
  });

  it('lets a tab depend only on itself and shared/, and shared/ on no tab', () => {
    const imports = adminImports();
    expect(imports.length).toBeGreaterThan(300);
    expect(crossings(imports)).toEqual([]);
  });

  it('finds an import from one tab into another, into the shell, or from shared/ into a tab', () => {
    const file = (...parts: string[]) => parts.join(path.sep);
    expect(
      crossings([
        { from: file('tabs', 'orders', 'Orders.tsx'), to: file('tabs', 'members', 'MemberPage.tsx') },
        { from: file('tabs', 'orders', 'Orders.tsx'), to: 'AdminApp.tsx' },
        { from: file('shared', 'MemberLink.tsx'), to: file('tabs', 'members', 'MemberPage.tsx') },
        { from: file('tabs', 'orders', 'Orders.tsx'), to: file('shared', 'ScrollTable.tsx') },
        { from: file('tabs', 'orders', 'Orders.browser.test.tsx'), to: 'AdminApp.tsx' },
        { from: 'AdminApp.tsx', to: file('tabs', 'orders', 'Orders.tsx') },
        { from: file('tabs', 'orders', 'Orders.tsx'), to: file('..', 'core', 'i18n.ts') },
      ]),
    ).toEqual([
      `${file('tabs', 'orders', 'Orders.tsx')} -> ${file('tabs', 'members', 'MemberPage.tsx')}`,
      `${file('tabs', 'orders', 'Orders.tsx')} -> AdminApp.tsx`,
      `${file('shared', 'MemberLink.tsx')} -> ${file('tabs', 'members', 'MemberPage.tsx')}`,
    ]);
  });
});
