import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keepLinksInPreview } from './site-build.ts';

/** A built preview version in miniature: two pages, a picture, and links the way the layouts write them. */
async function version(): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-preview-links-'));
  await fs.mkdir(path.join(folder, 'zht', 'home'), { recursive: true });
  await fs.mkdir(path.join(folder, 'home'), { recursive: true });
  await fs.mkdir(path.join(folder, '_astro'), { recursive: true });
  await fs.writeFile(path.join(folder, 'favicon.svg'), '<svg/>');
  await fs.writeFile(path.join(folder, 'home', 'index.html'), '<h1>首页</h1>');
  await fs.writeFile(
    path.join(folder, 'zht', 'home', 'index.html'),
    [
      '<link rel="icon" href="/favicon.svg">',
      '<a class="brand" href="/zht/home">首頁</a>',
      '<a href="/home#content">简体</a>',
      '<a href="/preview/7/_astro/a.css">already inside</a>',
      '<a href="/api/v1/ping">the API</a>',
      '<a href="//cdn.example/x.js">another host</a>',
      '<a href="/zht/not-built">missing</a>',
    ].join('\n'),
  );
  return folder;
}

describe('links in a preview stay inside the preview', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
  });

  it('a link to a page or file of the version gains the preview prefix; links elsewhere are left as they were', async () => {
    const folder = await version();
    folders.push(folder);
    expect(await keepLinksInPreview(folder, '/preview/7/')).toBe(3);
    const html = await fs.readFile(path.join(folder, 'zht', 'home', 'index.html'), 'utf8');
    expect(html).toContain('href="/preview/7/favicon.svg"');
    expect(html).toContain('href="/preview/7/zht/home"');
    expect(html).toContain('href="/preview/7/home#content"');
    expect(html).toContain('href="/preview/7/_astro/a.css"');
    expect(html).toContain('href="/api/v1/ping"');
    expect(html).toContain('href="//cdn.example/x.js"');
    expect(html).toContain('href="/zht/not-built"');
    // Done once: a second pass finds nothing left to change.
    expect(await keepLinksInPreview(folder, '/preview/7/')).toBe(0);
    expect(await fs.readFile(path.join(folder, 'home', 'index.html'), 'utf8')).toBe('<h1>首页</h1>');
  });
});
