import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { locales } from '../../locales/index.ts';
import type { Db } from '../db/database.ts';
import type { SiteContent } from './site-content.ts';
import { seedContentDir } from './site-content.seed.ts';
import { copyPictures } from './site-pictures.ts';
import { withProjectBuildLock } from './project-build-lock.ts';

/** The repository root: the Astro project the builds run in. */
const projectRoot = path.resolve(import.meta.dirname, '../..');
/** The site built with the product, already compressed: a version's files that equal its own take its copies. */
const productBuild = path.join(projectRoot, 'dist', 'site');

/** A build that takes longer than this is stopped and reported as failed (a whole build takes seconds). */
export const buildTimeoutMs = 5 * 60_000;
/** Lines of the build's output kept to explain a failure. */
const outputLinesKept = 60;

/** The folders of the site area (SITE_DIR). */
export function siteFolders(siteDir: string) {
  return {
    /** The content the next build reads; one build runs at a time, so one folder serves. */
    content: path.join(siteDir, 'content'),
    /** Processed pictures, reused by every build: only new pictures cost time. */
    cache: path.join(siteDir, 'cache'),
    /** Brotli and gzip copies by content, linked into each version: a publish compresses only what changed. */
    compressed: path.join(siteDir, 'compressed'),
    versions: path.join(siteDir, 'versions'),
  };
}

/** The folder of one built version. */
export function versionDir(siteDir: string, buildId: number): string {
  return path.join(siteFolders(siteDir).versions, String(buildId));
}

/** Writes the content as the Astro build's loaders read it (site/content.config.ts). JSON is YAML, so the loaders stay as they are. */
export async function writeContentSnapshot(db: Db, folder: string, content: SiteContent, siteDir: string): Promise<void> {
  await fs.rm(folder, { recursive: true, force: true });
  await fs.mkdir(path.join(folder, 'brand'), { recursive: true });
  await fs.mkdir(path.join(folder, 'settings'), { recursive: true });
  for (const locale of locales) {
    await fs.writeFile(path.join(folder, 'brand', `${locale}.yaml`), JSON.stringify(content.brand[locale], null, 1));
  }
  await fs.writeFile(path.join(folder, 'settings', 'site.yaml'), JSON.stringify(content.settings, null, 1));
  await fs.writeFile(path.join(folder, 'partners.yaml'), JSON.stringify(content.partners, null, 1));
  await fs.writeFile(path.join(folder, 'catalog.yaml'), JSON.stringify(content.catalog, null, 1));
  await fs.cp(path.join(seedContentDir, 'images'), path.join(folder, 'images'), { recursive: true });
  await copyPictures(db, siteDir, path.join(folder, 'images'));
}

export interface BuildRequest {
  /** Where the pictures operators uploaded are read from. */
  db: Db;
  siteDir: string;
  buildId: number;
  /** The address prefix the version is built for: '/' for a publish, '/preview/<id>/' for a preview. */
  base: string;
  content: SiteContent;
  onProgress(progress: string): void;
  signal?: AbortSignal;
}

export class SiteBuildError extends Error {
  override name = 'SiteBuildError';
}

/**
 * Builds one version of the site in child processes (the Astro build, then the compressed copies),
 * into a scratch folder renamed to the version's folder only once complete: a version folder is
 * never half written. The server's memory stays flat: the build's work happens in the children.
 */
export async function buildVersion(request: BuildRequest): Promise<string> {
  const folders = siteFolders(request.siteDir);
  const target = versionDir(request.siteDir, request.buildId);
  const scratch = `${target}.partial`;
  await fs.mkdir(folders.versions, { recursive: true });
  // This build holds the one build slot: any other scratch folder is what a process that died mid-build left.
  for (const name of await fs.readdir(folders.versions)) {
    if (name.endsWith('.partial')) await fs.rm(path.join(folders.versions, name), { recursive: true, force: true });
  }
  await warmPictureCache(folders.cache);
  request.onProgress('writing content');
  await writeContentSnapshot(request.db, folders.content, request.content, request.siteDir);

  const astro = path.join(path.dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'bin', 'astro.mjs');
  let pages = 0;
  request.onProgress('waiting for the build folder');
  await withProjectBuildLock(
    projectRoot,
    buildTimeoutMs,
    () =>
      runChild(
        [astro, 'build'],
        {
          ASTRO_TELEMETRY_DISABLED: '1',
          SITE_CONTENT_DIR: folders.content,
          SITE_OUT_DIR: scratch,
          SITE_CACHE_DIR: folders.cache,
          SITE_BASE: request.base,
        },
        (line) => {
          if (/\.html \(\+\d+m?s\)/.test(line)) {
            pages += 1;
            if (pages % 10 === 0) request.onProgress(`building: ${pages} pages`);
          } else if (/\[content\]|Collecting build info|generating static routes|generating optimized images/i.test(line)) {
            request.onProgress(`building: ${line.replace(/^\S+\s+/, '').slice(0, 80)}`);
          }
        },
        request.signal,
      ),
    request.signal,
  );
  if (request.base !== '/') await keepLinksInPreview(scratch, request.base);
  request.onProgress(`compressing ${pages} pages`);
  await runChild(
    [path.join(projectRoot, 'scripts', 'compress-build.ts'), '--cache', folders.compressed, '--seed', productBuild, scratch],
    {},
    () => undefined,
    request.signal,
  );
  await fs.rm(target, { recursive: true, force: true });
  await fs.rename(scratch, target);
  return target;
}

/** A link to one of the site's own pages, as the pages write it: from the root, in double quotes. */
const rootLinkPattern = /(\shref=")(\/(?!\/)[^"]*)"/g;

/**
 * A preview's pages link to one another inside the preview: a link from the root (`/zht/home`, as
 * localePath writes it) to a page or file the version holds gains the preview's prefix, so a click
 * in a preview never lands on the live site. Links elsewhere (the API, the widgets) stay as they are.
 * Answers how many links were changed.
 */
export async function keepLinksInPreview(folder: string, base: string): Promise<number> {
  const prefix = base.replace(/\/$/, '');
  const held = new Map<string, boolean>();
  const inVersion = async (target: string): Promise<boolean> => {
    const pathname = decodeURI(target.split(/[?#]/)[0] ?? '/');
    let answer = held.get(pathname);
    if (answer === undefined) {
      answer = await fs.stat(path.join(folder, pathname)).then(
        () => true,
        () => false,
      );
      held.set(pathname, answer);
    }
    return answer;
  };
  let changed = 0;
  for (const entry of await fs.readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const html = await fs.readFile(file, 'utf8');
    const targets = new Set<string>();
    for (const match of html.matchAll(rootLinkPattern)) {
      const target = match[2] ?? '';
      if (target !== prefix && !target.startsWith(`${prefix}/`) && (await inVersion(target))) targets.add(target);
    }
    if (targets.size === 0) continue;
    const rewritten = html.replace(rootLinkPattern, (whole, start: string, target: string) => {
      if (!targets.has(target)) return whole;
      changed += 1;
      return `${start}${prefix}${target}"`;
    });
    await fs.writeFile(file, rewritten);
  }
  return changed;
}

/** The repository's own build has processed the seed's pictures already: the first version starts from them. */
async function warmPictureCache(cache: string): Promise<void> {
  const seeded = path.join(projectRoot, 'node_modules', '.astro', 'assets');
  try {
    await fs.access(cache);
  } catch {
    await fs.mkdir(cache, { recursive: true });
    await fs.cp(seeded, path.join(cache, 'assets'), { recursive: true }).catch(() => undefined);
  }
}

/** Strips terminal colours and the machine's folders from the build's words before an operator reads them. */
function readable(line: string): string {
  // eslint-disable-next-line no-control-regex
  return line.replace(/\u001b\[[0-9;]*m/g, '').replaceAll(projectRoot, '.');
}

/**
 * What the build may see of the server's environment: enough to run, and SITE_URL (absolute alternate and
 * canonical links). Never the database address, the card-number key or other secrets.
 */
const inheritedVariables = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'SITE_URL'];

function buildEnvironment(): Record<string, string> {
  return Object.fromEntries(inheritedVariables.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]])));
}

function runChild(args: string[], env: Record<string, string>, onLine: (line: string) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: projectRoot,
      env: { ...buildEnvironment(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tail: string[] = [];
    let pending = '';
    const take = (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const raw of lines) {
        const line = readable(raw).trimEnd();
        if (line === '') continue;
        tail.push(line);
        if (tail.length > outputLinesKept) tail.shift();
        onLine(line);
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const timer = setTimeout(() => child.kill('SIGKILL'), buildTimeoutMs);
    const abort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (error) => reject(new SiteBuildError(error.message)));
    child.on('close', (code, killedBy) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      if (code === 0) resolve();
      else reject(new SiteBuildError(failureSummary(tail, killedBy)));
    });
  });
}

/** The lines that say what went wrong (Astro names the collection, entry and field), or the last lines. */
function failureSummary(tail: string[], killedBy: NodeJS.Signals | null): string {
  if (killedBy !== null) return `The build was stopped (${killedBy}) after ${buildTimeoutMs / 1000} s at most.`;
  const start = tail.findIndex((line) => /error/i.test(line));
  return (start === -1 ? tail.slice(-15) : tail.slice(start, start + 20)).join('\n');
}

/**
 * What identifies the product's code in a build: the names of its hashed assets (scripts, styles,
 * pictures), which change whenever the islands, layouts or styles do. Read from the product's own build.
 */
export async function productCodeVersion(productSiteDir: string): Promise<string> {
  const names = await fs.readdir(path.join(productSiteDir, '_astro')).catch(() => [] as string[]);
  return createHash('sha256').update(names.sort().join('\n')).digest('hex').slice(0, 16);
}
