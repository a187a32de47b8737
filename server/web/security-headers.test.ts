import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, send } from '../../tests/helpers/members.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';

const inlineScript = 'document.documentElement.dataset.ready = "1";';
const inlineHash = `'sha256-${createHash('sha256').update(inlineScript).digest('base64')}'`;

/** A tiny built site: one page with an inline script (as Astro emits), one widget bundle. */
function builtSite(): { siteDir: string; widgetsDir: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'headers-site-'));
  const siteDir = path.join(root, 'site');
  const widgetsDir = path.join(root, 'widgets');
  fs.mkdirSync(path.join(siteDir, 'home'), { recursive: true });
  fs.mkdirSync(widgetsDir);
  fs.writeFileSync(
    path.join(siteDir, 'home', 'index.html'),
    `<!doctype html><title>Home</title><script>${inlineScript}</script><script type="application/ld+json">{"a":1}</script>`,
  );
  fs.writeFileSync(path.join(widgetsDir, 'embed.js'), 'console.log(1)');
  return { siteDir, widgetsDir };
}

function directive(policy: string | undefined, name: string): string[] {
  const found = (policy ?? '').split(';').map((part) => part.trim().split(/\s+/));
  return found.find(([directiveName]) => directiveName === name)?.slice(1) ?? [];
}

describe('security headers', () => {
  let testApp: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    const { siteDir, widgetsDir } = builtSite();
    testApp = await createTestApp('pglite', { STATIC_DIR: siteDir, WIDGETS_DIR: widgetsDir });
    proxied = await createTestApp('pglite', { STATIC_DIR: siteDir, WIDGETS_DIR: widgetsDir, TRUST_PROXY: '1' });
  }, 180_000);
  afterAll(async () => {
    await testApp.close();
    await proxied.close();
  });

  it('a page allows its own inline scripts by hash, never unsafe-inline, and cannot be framed', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/home' });
    expect(response.statusCode).toBe(200);
    const policy = response.headers['content-security-policy'] as string;
    expect(directive(policy, 'script-src')).toEqual(["'self'", inlineHash]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('widget bundles may be loaded by partner pages on other sites', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/widgets/embed.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('API answers load nothing, cannot be framed, and are never stored, above all those with a token', async () => {
    const member = await registerMember(testApp.app);
    const login = await send(testApp.app, 'POST', 'v1/login', { body: { username: member.username, password: member.password } });
    const check = await send(testApp.app, 'GET', 'v1/check', { token: (login.json() as { detail: { token: string } }).detail.token });
    const refused = await send(testApp.app, 'GET', 'v1/userWallet');
    for (const response of [login, check, refused]) {
      expect(response.headers['cache-control']).toBe('no-store');
      expect(directive(response.headers['content-security-policy'] as string, 'default-src')).toEqual(["'none'"]);
      expect(directive(response.headers['content-security-policy'] as string, 'frame-ancestors')).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('HSTS only over TLS: behind a trusted proxy saying https, not from a client claiming it', async () => {
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
    const overTls = await proxied.app.inject({ method: 'GET', url: '/api/health', headers });
    expect(overTls.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    const untrusted = await testApp.app.inject({ method: 'GET', url: '/api/health', headers });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });
});
