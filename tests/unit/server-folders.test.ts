import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every domain folder under server/ follows one template (docs/architecture.md, "One shape for a domain folder"):
 * files named by topic and role, an index.ts that registers every route file of the folder, the operator routes
 * inside one operatorOnly context, and no file name used by two folders.
 */
const serverDir = path.resolve(import.meta.dirname, '../../server');

/** Folders that are not domains, each with the reason it has a shape of its own. */
const infrastructure = new Map<string, string>([
  ['db', 'the database: connection, migrations, database functions, schema types'],
  ['http', 'HTTP plumbing every route uses: envelope, errors, body parsers, paging, rate limits'],
  ['web', 'what the server serves besides the API: static site, security headers, CORS, the session frame'],
  ['cli', 'command-line tools run beside the server, not through it'],
  ['shared', 'domain basics every layer may use: money, errors, CSV, locks'],
  ['health', 'the health check, registered by app.ts before any domain so it answers whatever a domain does'],
  ['metrics', 'what the process measures about itself, served on its own port'],
  ['ledger', 'the double-entry books every money domain posts to (decisions 007 and 030); no routes of its own'],
  ['auth', 'tokens, sessions and the member and operator guards every domain stands on; no routes of its own'],
]);

/** A file's name: a topic in kebab case, then at most one role the template names, or a test. */
const fileName =
  /^(index|[a-z0-9]+(-[a-z0-9]+)*(\.(routes|admin\.routes|service|repository|schemas|json|csv|seed))?(\.(admin\.|property\.)?test)?)\.ts$/;

/** A role written with a hyphen instead of a dot (`revenue-json.ts`), which hides it from the template. */
const roleAfterHyphen = /-(routes|service|repository|schemas?|json|seed)\.ts$/;

interface DomainFolder {
  name: string;
  files: string[];
  index: string | undefined;
}

async function domainFolders(): Promise<DomainFolder[]> {
  const entries = await fs.readdir(serverDir, { withFileTypes: true });
  const folders: DomainFolder[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || infrastructure.has(entry.name)) continue;
    const files = (await fs.readdir(path.join(serverDir, entry.name))).filter((file) => file.endsWith('.ts'));
    const index = files.includes('index.ts') ? await fs.readFile(path.join(serverDir, entry.name, 'index.ts'), 'utf8') : undefined;
    folders.push({ name: entry.name, files, index });
  }
  return folders;
}

/** The plugin names an index imports from one of its folder's files. */
function importedPlugins(index: string, file: string): string[] {
  const pattern = new RegExp(`import \\{([^}]*)\\} from '\\./${file.replaceAll('.', '\\.')}';`);
  return (pattern.exec(index)?.[1] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** Where one folder leaves the template, each as `folder/file: what is wrong`. */
function templateBreaches(folder: DomainFolder): string[] {
  const breaches: string[] = [];
  for (const file of folder.files) {
    if (!fileName.test(file) || roleAfterHyphen.test(file)) breaches.push(`${folder.name}/${file}: not <topic>[.<role>].ts`);
  }
  const routeFiles = folder.files.filter((file) => file.endsWith('.routes.ts'));
  if (routeFiles.length === 0) return breaches;
  if (folder.index === undefined) return [...breaches, `${folder.name}/index.ts: missing, the folder has routes`];
  const guarded = [...folder.index.matchAll(/operatorOnly\(([^)]*)\)/g)].flatMap((match) =>
    (match[1] ?? '').split(',').map((name) => name.trim()),
  );
  for (const file of routeFiles) {
    const plugins = importedPlugins(folder.index, file);
    if (plugins.length === 0) breaches.push(`${folder.name}/${file}: not registered by index.ts`);
    const admin = file.endsWith('.admin.routes.ts');
    for (const plugin of plugins) {
      if (admin && !guarded.includes(plugin)) breaches.push(`${folder.name}/${file}: ${plugin} registered outside operatorOnly`);
      if (!admin && guarded.includes(plugin)) breaches.push(`${folder.name}/${file}: member routes inside operatorOnly`);
    }
  }
  return breaches;
}

describe('server domain folders', () => {
  it('each follows the template: names by topic and role, an index registering its routes, operator routes guarded once', async () => {
    const folders = await domainFolders();
    expect(folders.length).toBeGreaterThan(20);
    expect(folders.flatMap(templateBreaches)).toEqual([]);
  });

  it('no admin route file attaches the operator guard itself', async () => {
    const attaching: string[] = [];
    for (const folder of await domainFolders()) {
      for (const file of folder.files.filter((name) => name.endsWith('.admin.routes.ts'))) {
        const source = await fs.readFile(path.join(serverDir, folder.name, file), 'utf8');
        if (/addHook\(\s*'onRequest',\s*requireOperator\s*\)/.test(source)) attaching.push(`${folder.name}/${file}`);
      }
    }
    expect(attaching).toEqual([]);
  });

  it('app.ts registers every folder index', async () => {
    const app = await fs.readFile(path.join(serverDir, 'app.ts'), 'utf8');
    const missing = (await domainFolders()).filter((folder) => folder.index !== undefined && !app.includes(`'./${folder.name}/index.ts'`));
    expect(missing.map((folder) => folder.name)).toEqual([]);
  });

  it('no file name is used by two server folders', async () => {
    const entries = await fs.readdir(serverDir, { recursive: true, withFileTypes: true });
    const seen = new Map<string, string[]>();
    for (const entry of entries) {
      const folder = path.relative(serverDir, entry.parentPath);
      if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name === 'index.ts' || folder === '' || folder.startsWith('db')) continue;
      seen.set(entry.name, [...(seen.get(entry.name) ?? []), folder]);
    }
    expect([...seen].filter(([, folders]) => folders.length > 1).map(([name, folders]) => `${name}: ${folders.join(', ')}`)).toEqual([]);
  });

  it('names each infrastructure folder that exists', async () => {
    const entries = await fs.readdir(serverDir, { withFileTypes: true });
    const present = new Set(entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name));
    expect([...infrastructure.keys()].filter((name) => !present.has(name))).toEqual([]);
  });

  it('the template check sees a folder that leaves it', () => {
    const breaches = templateBreaches({
      name: 'orders',
      files: ['orders.routes.ts', 'orders.admin.routes.ts', 'order-json.ts', 'order.schema.ts', 'index.ts'],
      index: [
        "import { orderRoutes } from './orders.routes.ts';",
        "import { orderAdminRoutes } from './orders.admin.routes.ts';",
        'export const ordersDomain = async (app) => {',
        '  await app.register(orderAdminRoutes);',
        '  await app.register(operatorOnly(orderRoutes));',
        '};',
      ].join('\n'),
    });
    expect(breaches).toEqual([
      'orders/order-json.ts: not <topic>[.<role>].ts',
      'orders/order.schema.ts: not <topic>[.<role>].ts',
      'orders/orders.routes.ts: member routes inside operatorOnly',
      'orders/orders.admin.routes.ts: orderAdminRoutes registered outside operatorOnly',
    ]);
    expect(templateBreaches({ name: 'orders', files: ['orders.routes.ts'], index: undefined })).toEqual([
      'orders/index.ts: missing, the folder has routes',
    ]);
  });
});
