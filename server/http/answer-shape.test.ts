import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog } from '../../tests/helpers/log-lines.ts';
import { loginToken, registerMember } from '../../tests/helpers/members.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';

/**
 * Every header, body and log field of a set of answers that together pass through each hook the
 * server runs per request (security headers, request ids, CORS, the partner-site gate, strict
 * input, errors before and after routing, pages, bundles, frames), held to a file written before
 * those hooks were made cheaper (issue 39). A change to the fixed cost of a request must leave
 * these answers as they were: a diff here is a changed guarantee, to be read before the file is
 * updated (`vitest -u`).
 */

const partner = 'https://partner.example';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function builtSite(): { siteDir: string; widgetsDir: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-shape-'));
  const siteDir = path.join(root, 'site');
  const widgetsDir = path.join(root, 'widgets');
  fs.mkdirSync(path.join(siteDir, 'home'), { recursive: true });
  fs.mkdirSync(widgetsDir);
  fs.writeFileSync(path.join(siteDir, 'home', 'index.html'), '<!doctype html><title>Home</title><script>void 0;</script>');
  fs.writeFileSync(path.join(widgetsDir, 'embed.js'), 'console.log(1)');
  return { siteDir, widgetsDir };
}

/** What varies between runs (a fresh request id, the time, a file's date) stands as its kind. */
function stableHeaders(headers: LightMyRequestResponse['headers']): Record<string, unknown> {
  const stable: Record<string, unknown> = {};
  for (const name of Object.keys(headers).sort()) {
    const value = headers[name];
    if (name === 'date' || name === 'last-modified' || name === 'etag') stable[name] = '<varies>';
    else if (name === 'x-request-id' && typeof value === 'string' && uuidPattern.test(value)) stable[name] = '<uuid>';
    else stable[name] = value;
  }
  return stable;
}

function stableBody(response: LightMyRequestResponse): unknown {
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) return response.body;
  const body = response.json() as { detail?: unknown; token?: unknown };
  // A session's own token and the member's generated fields differ each run; their presence is what is kept.
  const token = typeof body.token === 'string' ? { token: '<token>' } : {};
  if (body.detail !== null && typeof body.detail === 'object') return { ...body, ...token, detail: Object.keys(body.detail).sort() };
  return { ...body, ...token };
}

/** A log line's fields, values kept only where they do not vary (level, message, method and status). */
function stableLogLine(line: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const name of Object.keys(line).sort()) {
    const value = line[name];
    if (name === 'msg' || name === 'level') kept[name] = value;
    else if (name === 'req' || name === 'res')
      kept[name] = Object.fromEntries(
        Object.keys(value as object)
          .sort()
          .map((key) => [key, typeof (value as Record<string, unknown>)[key]]),
      );
    else kept[name] = typeof value;
  }
  return kept;
}

describe('the answers every hook shapes', () => {
  let testApp: TestApp;
  let proxied: TestApp;
  const log = capturedLog('info');
  let token = '';
  beforeAll(async () => {
    const { siteDir, widgetsDir } = builtSite();
    const env = { STATIC_DIR: siteDir, WIDGETS_DIR: widgetsDir, CORS_ORIGINS: partner };
    testApp = await createTestApp('pglite', env, 'lazy', log.logger);
    proxied = await createTestApp('pglite', { ...env, TRUST_PROXY: '1' });
    token = await loginToken(testApp.app, await registerMember(testApp.app));
  }, 180_000);
  afterAll(async () => {
    await testApp.close();
    await proxied.close();
  });

  const requests: [string, InjectOptions, 'proxied'?][] = [
    ['health', { method: 'GET', url: '/api/health' }],
    ['health with a request id', { method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } }],
    ['health from a partner page', { method: 'GET', url: '/api/health', headers: { origin: partner } }],
    ['health from another site', { method: 'GET', url: '/api/health', headers: { origin: 'https://other.example' } }],
    ['health through the session frame', { method: 'GET', url: '/api/health', headers: { 'x-partner-origin': partner } }],
    [
      'health over TLS behind a proxy',
      { method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' } },
      'proxied',
    ],
    ['a member read', { method: 'GET', url: '/api/v1/check' }],
    ['a read without a session', { method: 'GET', url: '/api/v1/userWallet' }],
    [
      'a preflight from a partner page',
      {
        method: 'OPTIONS',
        url: '/api/v1/login',
        headers: { origin: partner, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      },
    ],
    ['a login refused', { method: 'POST', url: '/api/v1/login', payload: { username: 'nobody_here', password: 'wrong-password' } }],
    ['a control character in a field', { method: 'POST', url: '/api/v1/login', payload: { username: 'a\u0000b', password: 'x' } }],
    [
      'JSON that does not parse',
      { method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' },
    ],
    ['an unknown API path', { method: 'GET', url: '/api/nope' }],
    ['a method the path does not take', { method: 'DELETE', url: '/api/health' }],
    ['a URL that is not percent-encoding', { method: 'GET', url: '/api/v1/product/%E0%A4%A' }],
    ['a page', { method: 'GET', url: '/home' }],
    ['a widget bundle', { method: 'GET', url: '/widgets/embed.js' }],
    ['the session frame', { method: 'GET', url: `/widgets/v1/frame?origin=${encodeURIComponent(partner)}&screen=login&lang=eng` }],
  ];

  it('headers and bodies are as they were', async () => {
    const answers: Record<string, unknown> = {};
    for (const [name, request, app] of requests) {
      const headers = {
        ...(request.headers as Record<string, string>),
        ...(name === 'a member read' ? { authorization: `Bearer ${token}` } : {}),
      };
      const response = await (app === 'proxied' ? proxied : testApp).app.inject({ ...request, headers });
      answers[name] = { status: response.statusCode, headers: stableHeaders(response.headers), body: stableBody(response) };
    }
    await expect(`${JSON.stringify(answers, null, 2)}\n`).toMatchFileSnapshot('./answer-shape.expected.json');
  });

  it('a request logs the same fields as it did', async () => {
    log.lines.length = 0;
    await testApp.app.inject({ method: 'GET', url: '/api/health?mode=app' });
    await testApp.app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: 'nobody_here', password: 'wrong-password' } });
    const lines = log.lines.map(stableLogLine);
    await expect(`${JSON.stringify(lines, null, 2)}\n`).toMatchFileSnapshot('./answer-shape.expected-log.json');
  });
});
