import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Server folders form layers: each depends on `shared/`, `http/`, `db/` and folders below it, never
 * on one that depends back on it. A tie running both ways (directly or round a longer loop) is found
 * here from the import statements themselves.
 */
const serverDir = path.resolve(import.meta.dirname, '../../server');
const importPattern = /^\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm;

async function folderGraph(): Promise<Map<string, Map<string, string>>> {
  const graph = new Map<string, Map<string, string>>();
  const entries = await fs.readdir(serverDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const from = folderOf(file);
    if (from === undefined) continue;
    const source = await fs.readFile(file, 'utf8');
    for (const match of source.matchAll(importPattern)) {
      const to = folderOf(path.resolve(entry.parentPath, match[1] ?? ''));
      if (to === undefined || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      edges.set(to, path.relative(serverDir, file));
      graph.set(from, edges);
    }
  }
  return graph;
}

/**
 * The base layers and the only server folders each may import (decision 016): `shared/` (domain
 * basics) imports none, `http/` (HTTP plumbing) imports `shared/` and `db/`.
 */
const baseLayers = new Map<string, string[]>([
  ['shared', []],
  ['http', ['shared', 'db']],
]);

/** Every import from a base layer into a folder it may not use, as `from -> to (file)`. */
function baseLayerBreaches(graph: Map<string, Map<string, string>>): string[] {
  const breaches: string[] = [];
  for (const [folder, allowed] of baseLayers) {
    for (const [to, via] of graph.get(folder) ?? []) {
      if (!allowed.includes(to)) breaches.push(`${folder} -> ${to} (${via})`);
    }
  }
  return breaches;
}

/**
 * The top folder under server/ a file sits in; undefined for the files at the root (app, main, seed)
 * and for files outside server/ (contract/, which every layer may use).
 */
function folderOf(file: string): string | undefined {
  const [first, ...rest] = path.relative(serverDir, file).split(path.sep);
  return rest.length === 0 || first === '..' ? undefined : first;
}

/** Every loop of folders, each as the path round it with the file that makes each step. */
function cycles(graph: Map<string, Map<string, string>>): string[] {
  const found = new Set<string>();
  const visit = (start: string, at: string, trail: string[]) => {
    for (const [next, via] of graph.get(at) ?? []) {
      const step = `${at} -> ${next} (${via})`;
      if (next === start) found.add([...trail, step].sort().join('; '));
      else if (!trail.some((taken) => taken.startsWith(`${next} ->`)) && next > start) visit(start, next, [...trail, step]);
    }
  };
  for (const folder of graph.keys()) visit(folder, folder, []);
  return [...found];
}

/** One import between two server files, as paths relative to server/. */
interface FileImport {
  from: string;
  to: string;
}

/** Every relative import between server files outside the tests. */
async function fileImports(): Promise<FileImport[]> {
  const found: FileImport[] = [];
  const entries = await fs.readdir(serverDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = await fs.readFile(file, 'utf8');
    for (const match of source.matchAll(importPattern)) {
      const to = path.relative(serverDir, path.resolve(entry.parentPath, match[1] ?? ''));
      if (!to.startsWith('..')) found.push({ from: path.relative(serverDir, file), to });
    }
  }
  return found;
}

/**
 * What a file of each role in a domain folder may not import (docs/architecture.md, the domain folder's
 * template): a repository is the bottom of its domain, a service never reaches back up to a route.
 */
const roleRules: { role: string; file: RegExp; mayNotImport: RegExp }[] = [
  { role: 'a repository', file: /\.repository\.ts$/, mayNotImport: /(\.service|\.routes|\/index)\.ts$/ },
  { role: 'a service', file: /\.service\.ts$/, mayNotImport: /(\.routes|\/index)\.ts$/ },
  { role: 'a route file', file: /\.routes\.ts$/, mayNotImport: /\.repository\.ts$/ },
  // A folder's routes are registered by its index.ts alone (app.ts registers the folders, and health/ itself).
  { role: 'not an index', file: /^(?!app\.ts$)(?!.*\/index\.ts$)/, mayNotImport: /\.routes\.ts$/ },
];

/** Every import that breaks a role rule, as `from -> to (role)`. */
function roleBreaches(imports: FileImport[]): string[] {
  return imports.flatMap(({ from, to }) =>
    roleRules.filter((rule) => rule.file.test(from) && rule.mayNotImport.test(to)).map((rule) => `${from} -> ${to} (${rule.role})`),
  );
}

describe('server folders', () => {
  it('never depend on each other both ways', async () => {
    expect(cycles(await folderGraph())).toEqual([]);
  });

  it('keep shared/ and http/ at the bottom', async () => {
    expect(baseLayerBreaches(await folderGraph())).toEqual([]);
  });

  it('import by role: repositories no service or route, services no route, routes no repository, route files only from an index', async () => {
    expect(roleBreaches(await fileImports())).toEqual([]);
  });

  it('the role check sees a breach when there is one', () => {
    expect(
      roleBreaches([
        { from: 'wallet/transfer.repository.ts', to: 'wallet/transfer.service.ts' },
        { from: 'orders/order.service.ts', to: 'orders/orders.routes.ts' },
        { from: 'orders/orders.routes.ts', to: 'orders/order.service.ts' },
        { from: 'payments/payments.routes.ts', to: 'orders/orders.routes.ts' },
        { from: 'orders/index.ts', to: 'orders/orders.routes.ts' },
        { from: 'orders/orders.routes.ts', to: 'orders/order.repository.ts' },
      ]),
    ).toHaveLength(5);
  });

  it('the base-layer check sees a breach when there is one', () => {
    const graph = new Map([
      ['shared', new Map([['http', 'shared/money.ts']])],
      ['http', new Map([['users', 'http/paging.ts']])],
    ]);
    expect(baseLayerBreaches(graph)).toHaveLength(2);
  });

  it('the check sees a loop when there is one', () => {
    const graph = new Map([
      ['auth', new Map([['users', 'auth/auth.service.ts']])],
      ['users', new Map([['devices', 'users/user.json.ts']])],
      ['devices', new Map([['auth', 'devices/devices.routes.ts']])],
    ]);
    expect(cycles(graph)).toHaveLength(1);
  });
});
