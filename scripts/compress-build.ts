/**
 * Writes Brotli and gzip copies beside every text asset of the build, so the server sends
 * compressed bytes without compressing on each request (a slow phone network is the target).
 *
 *   node scripts/compress-build.ts [--cache DIR [--seed BUILD]] FOLDER...
 *
 * Brotli at its best quality is most of a publish's time (about 6 s of 12 for the whole site), yet
 * a publish changes a few pages: with `--cache`, the copies are kept by their content's hash and a
 * file seen before is linked, not compressed again. Cache entries no version links any more (one
 * link left) are removed at the end, so the cache holds what the kept versions hold. `--seed` names a
 * build compressed before (the product's own, dist/site): a file it holds at the same place with the same
 * bytes brings its copies along, so even the first publish on a new install compresses only what differs.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const compressible = /\.(html|js|css|svg|json|txt|xml)$/;
/** Below this, compression headers cost more than they save. */
const bytesMin = 512;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const encodings = {
  br: (content: Buffer) => brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gz: (content: Buffer) => gzipped(content, { level: 9 }),
};

/** Links the cached copy, or copies it where a link cannot be made (another file system). */
async function placeFrom(cached: string, target: string): Promise<void> {
  await fs.link(cached, target).catch(() => fs.copyFile(cached, target));
}

/** Writes the cache entry whole or not at all: a build stopped midway leaves no half-written copy to link. */
async function writeAtomically(file: string, content: Buffer): Promise<void> {
  const partial = `${file}.${randomUUID()}.partial`;
  await fs.writeFile(partial, content);
  await fs.rename(partial, file);
}

/** The cache entries this run has looked up or is writing. */
const cacheWrites = new Map<string, Promise<void>>();

/** The seed build's copy of a file, when the seed holds the same bytes at the same place. */
async function seedCopy(seed: string, relative: string, content: Buffer, extension: string): Promise<Buffer | undefined> {
  const same = await fs.readFile(path.join(seed, relative)).then(
    (bytes) => bytes.equals(content),
    () => false,
  );
  return same ? fs.readFile(path.join(seed, `${relative}.${extension}`)).catch(() => undefined) : undefined;
}

async function compressFile(folder: string, file: string, cache: string | undefined): Promise<boolean> {
  const content = await fs.readFile(file);
  if (content.length < bytesMin) return false;
  const hash = cache === undefined ? '' : createHash('sha256').update(content).digest('hex');
  for (const [extension, encode] of Object.entries(encodings)) {
    const target = `${file}.${extension}`;
    if (cache === undefined) {
      await fs.writeFile(target, await encode(content));
      continue;
    }
    const cached = path.join(cache, `${hash}.${extension}`);
    // Two files of one content (the same picture twice) share one compression.
    let ready = cacheWrites.get(cached);
    if (ready === undefined) {
      ready = fs.access(cached).catch(async () => {
        const seeded = seed === undefined ? undefined : await seedCopy(seed, path.relative(folder, file), content, extension);
        await writeAtomically(cached, seeded ?? (await encode(content)));
      });
      cacheWrites.set(cached, ready);
    }
    await ready;
    await fs.rm(target, { force: true });
    await placeFrom(cached, target);
  }
  return true;
}

/** Removes cache entries no version holds any more. */
async function pruneCache(cache: string): Promise<void> {
  for (const name of await fs.readdir(cache)) {
    const entry = path.join(cache, name);
    const stat = await fs.stat(entry).catch(() => undefined);
    if (stat?.isFile() === true && stat.nlink === 1) await fs.rm(entry, { force: true });
  }
}

const args = process.argv.slice(2);
const cacheAt = args.indexOf('--cache');
const cache = cacheAt === -1 ? undefined : args.splice(cacheAt, 2)[1];
const seedAt = args.indexOf('--seed');
const seed = seedAt === -1 ? undefined : args.splice(seedAt, 2)[1];
if (cache !== undefined) await fs.mkdir(cache, { recursive: true });
const folders = args;

const files: { folder: string; file: string }[] = [];
for (const folder of folders) {
  for (const entry of await fs.readdir(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && compressible.test(entry.name)) files.push({ folder, file: path.join(entry.parentPath, entry.name) });
  }
}
// zlib works on the thread pool: a few files at a time keeps every core busy.
let next = 0;
let written = 0;
const worker = async () => {
  while (next < files.length) {
    const found = files[next++];
    if (found !== undefined && (await compressFile(found.folder, found.file, cache))) written += 1;
  }
};
await Promise.all(Array.from({ length: availableParallelism() * 2 }, worker));
if (cache !== undefined) await pruneCache(cache);
console.log(`compressed ${written} files in ${folders.join(', ')}`);
