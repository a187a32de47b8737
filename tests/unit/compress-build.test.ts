import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '../../scripts/compress-build.ts');
const page = (title: string) => `<!doctype html><title>${title}</title>${'<p>石墨烯潔淨光能，由機房為您託管</p>'.repeat(40)}`;

async function compress(...args: string[]): Promise<void> {
  await promisify(execFile)(process.execPath, [script, ...args]);
}

async function writeVersion(folder: string, home: string): Promise<void> {
  await fs.mkdir(path.join(folder, 'zht'), { recursive: true });
  await fs.writeFile(path.join(folder, 'zht', 'home.html'), page(home));
  await fs.writeFile(path.join(folder, 'zht', 'about.html'), page('關於'));
  await fs.writeFile(path.join(folder, 'tiny.css'), 'a{}');
}

/** The compressed copies a publish writes (scripts/compress-build.ts): kept by content, so a second version compresses only its changed pages. */
describe('compressing a built version', () => {
  let root: string;
  let cache: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-compress-'));
    cache = path.join(root, 'compressed');
  });
  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('writes Brotli and gzip copies that decompress to the page, and none for a file too small to gain', async () => {
    const first = path.join(root, 'v1');
    await writeVersion(first, '第一版');
    await compress('--cache', cache, first);
    const html = await fs.readFile(path.join(first, 'zht', 'home.html'));
    expect(brotliDecompressSync(await fs.readFile(path.join(first, 'zht', 'home.html.br')))).toEqual(html);
    expect(gunzipSync(await fs.readFile(path.join(first, 'zht', 'home.html.gz')))).toEqual(html);
    await expect(fs.access(path.join(first, 'tiny.css.br'))).rejects.toThrow();
    expect((await fs.readdir(cache)).sort()).toHaveLength(4);
  });

  it('links an unchanged page to the copy made before and compresses only the changed one', async () => {
    const second = path.join(root, 'v2');
    await writeVersion(second, '第二版');
    const before = new Map(
      await Promise.all((await fs.readdir(cache)).map(async (name) => [name, (await fs.stat(path.join(cache, name))).ino] as const)),
    );
    await compress('--cache', cache, second);
    const about = await fs.stat(path.join(second, 'zht', 'about.html.br'));
    const firstAbout = await fs.stat(path.join(root, 'v1', 'zht', 'about.html.br'));
    expect(about.ino).toBe(firstAbout.ino);
    const after = await fs.readdir(cache);
    expect(after).toHaveLength(6);
    for (const [name, inode] of before) expect((await fs.stat(path.join(cache, name))).ino).toBe(inode);
    expect(brotliDecompressSync(await fs.readFile(path.join(second, 'zht', 'home.html.br'))).toString()).toContain('第二版');
  });

  it('forgets the copies of a version that was removed, and keeps those another version still holds', async () => {
    await fs.rm(path.join(root, 'v1'), { recursive: true });
    const third = path.join(root, 'v3');
    await writeVersion(third, '第二版');
    await compress('--cache', cache, third);
    expect(await fs.readdir(cache)).toHaveLength(4);
    const home = await fs.stat(path.join(third, 'zht', 'home.html.br'));
    expect(home.ino).toBe((await fs.stat(path.join(root, 'v2', 'zht', 'home.html.br'))).ino);
  });

  it('without a cache, writes the copies in place as the repository build does', async () => {
    const plain = path.join(root, 'plain');
    await writeVersion(plain, '第一版');
    await compress(plain);
    expect((await fs.stat(path.join(plain, 'zht', 'home.html.gz'))).nlink).toBe(1);
    expect(gunzipSync(await fs.readFile(path.join(plain, 'zht', 'home.html.gz'))).toString()).toContain('第一版');
  });

  it('takes the copies of a file the seed build holds with the same bytes, and compresses one that differs', async () => {
    const seed = path.join(root, 'plain');
    const fresh = path.join(root, 'fresh-install');
    await writeVersion(fresh, '第一版');
    await fs.writeFile(path.join(fresh, 'zht', 'about.html'), page('關於我們'));
    // Marked so a copy taken from the seed is told from one made here.
    await fs.writeFile(path.join(seed, 'zht', 'home.html.br'), 'from the seed');
    await compress('--cache', path.join(root, 'fresh-cache'), '--seed', seed, fresh);
    expect(await fs.readFile(path.join(fresh, 'zht', 'home.html.br'), 'utf8')).toBe('from the seed');
    expect(brotliDecompressSync(await fs.readFile(path.join(fresh, 'zht', 'about.html.br'))).toString()).toContain('關於我們');
  });
});
