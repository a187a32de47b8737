import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';

const secret = 'TOP-SECRET-OUTSIDE-THE-SITE';

/** A built site and widget folder, with a secret file beside them that must never be served. */
async function buildFixture(): Promise<{ root: string; siteDir: string; widgetsDir: string }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'static-site-test-'));
  const siteDir = path.join(root, 'site');
  const widgetsDir = path.join(root, 'widgets');
  const files: Record<string, string> = {
    'site/home/index.html': '<!doctype html><title>Home</title><p>home page</p>',
    'site/home/shopping/index.html': '<!doctype html><title>Shopping</title><p>shopping page</p>',
    'site/eng/home/index.html': '<!doctype html><title>Home</title><p>English home page</p>',
    'site/_astro/app.abc123.css': 'body{color:#111}',
    'widgets/embed.js': 'console.log("embed");',
    'widgets/chunks/cart.def456.js': 'export const cart = 1;',
    'widgets/m/AbC123xyz_/gs-cart.eng.js': 'export default {};',
    'widgets/s/XyZ987abc-/gs-cart.js': 'export default "";',
    'secret.txt': secret,
  };
  for (const [name, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await fs.writeFile(path.join(root, name), content);
  }
  return { root, siteDir, widgetsDir };
}

describe.each(databaseKinds())('static site on %s', (kind) => {
  let testApp: TestApp;
  let root: string;
  beforeAll(async () => {
    const fixture = await buildFixture();
    root = fixture.root;
    testApp = await createTestApp(kind, { STATIC_DIR: fixture.siteDir, WIDGETS_DIR: fixture.widgetsDir });
  });
  afterAll(async () => {
    await testApp?.close();
    if (root !== undefined) await fs.rm(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers });

  describe('built files', () => {
    it.each(['/home', '/home/'])('GET %s serves the home page as HTML that is revalidated', async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('home page');
    });

    it('GET /home/shopping serves the nested page', async () => {
      const response = await get('/home/shopping');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('shopping page');
    });

    it('GET /eng/home serves the English page', async () => {
      const response = await get('/eng/home');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('English home page');
    });

    it('GET /_astro/app.abc123.css is cached for a year as immutable', async () => {
      const response = await get('/_astro/app.abc123.css');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/css/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('GET /widgets/embed.js serves JavaScript that is revalidated (its name is stable)', async () => {
      const response = await get('/widgets/embed.js');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe('console.log("embed");');
    });

    // A widget's words and style sheet live in a folder named by the hash of their content.
    it.each(['/widgets/chunks/cart.def456.js', '/widgets/m/AbC123xyz_/gs-cart.eng.js', '/widgets/s/XyZ987abc-/gs-cart.js'])(
      'GET %s is cached as immutable',
      async (file) => {
        const response = await get(file);
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toContain('immutable');
      },
    );

    it('carries the security headers on static files too', async () => {
      const response = await get('/home');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-request-id']).toEqual(expect.any(String));
    });
  });

  describe('redirects', () => {
    it.each([
      ['/nowhere', {}, '/home/shopping'],
      ['/eng/nowhere', {}, '/eng/home/shopping'],
      ['/nowhere', { cookie: 'locale=zht' }, '/zht/home/shopping'],
      ['/nowhere', { cookie: 'theme=dark; locale=eng' }, '/eng/home/shopping'],
      ['/nowhere', { cookie: 'locale=klingon' }, '/home/shopping'],
      ['/eng/nowhere', { cookie: 'locale=zht' }, '/eng/home/shopping'],
      ['/', {}, '/home'],
      ['/eng', {}, '/eng/home'],
      ['/eng/', {}, '/eng/home'],
    ] as [string, Record<string, string>, string][])('GET %s %j redirects to %s', async (url, headers, location) => {
      const response = await get(url, headers);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(location);
    });

    it('a page without a locale prefix goes to the language the visitor chose, when that page exists there', async () => {
      const chosen = await get('/home?from=bookmark', { cookie: 'locale=eng' });
      expect(chosen.statusCode).toBe(302);
      expect(chosen.headers.location).toBe('/eng/home?from=bookmark');
      expect(chosen.headers.vary).toContain('Cookie');
      // The default language's choice, no choice, an unknown one, or a prefixed page: served as asked.
      for (const [url, cookie] of [
        ['/home', 'locale=zhs'],
        ['/home', ''],
        ['/home', 'locale=klingon'],
        ['/eng/home', 'locale=zht'],
      ]) {
        expect((await get(url ?? '', cookie === '' ? {} : { cookie: cookie ?? '' })).statusCode, `${url} ${cookie}`).toBe(200);
      }
      // No such page in the chosen language (here, no Traditional Chinese build of it): the default page is served.
      expect((await get('/home', { cookie: 'locale=zht' })).statusCode).toBe(200);
    });

    it('never redirects off the site', async () => {
      for (const url of ['//evil.example', '/\\evil.example', '/eng//evil.example']) {
        const response = await get(url);
        expect(String(response.headers.location ?? '/'), url).toMatch(/^\/[^/\\]/);
      }
    });
  });

  describe('path traversal', () => {
    it.each([
      '/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2f..%2fetc%2fpasswd',
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/home/..%2f..%2fsecret.txt',
      '/widgets/..%2fsecret.txt',
      '/widgets/%2e%2e/secret.txt',
    ])('GET %s never returns a file outside the site', async (url) => {
      const response = await get(url);
      expect([302, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain(secret);
      expect(response.body).not.toMatch(/root:.*:0:0:/);
    });
  });

  describe('the API beside the site', () => {
    it('GET /api/unknown answers the 404 JSON envelope, not a redirect', async () => {
      const response = await get('/api/unknown');
      expect(response.statusCode).toBe(404);
      expect(response.headers.location).toBeUndefined();
      expect(response.json()).toEqual({ status: 0, code: 0, message: 'Not found', detail: null, error_code: 'route_not_found' });
    });

    it('GET /api/health still answers', async () => {
      expect((await get('/api/health')).statusCode).toBe(200);
    });
  });
});
