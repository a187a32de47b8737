import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefusalCode } from '../../contract/refusals.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';

/** Traces of internals that must never reach a client: stack frames, file paths, SQL. */
const leakPattern = /\bat\s+\S+.*:\d+:\d+|node_modules|\/work\/|\bSELECT\b/i;

/** Asserts the failure envelope of the API contract with its refusal code, and no leaked internals. */
function expectFailure(
  response: LightMyRequestResponse,
  statusCode: number,
  errorCode: RefusalCode,
  message?: string,
): Record<string, unknown> {
  expect(response.statusCode).toBe(statusCode);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.body).not.toMatch(leakPattern);
  const body = response.json() as Record<string, unknown>;
  expect(body).toMatchObject({ status: 0, code: 0, detail: null, error_code: errorCode });
  expect(body.message).toEqual(message ?? expect.any(String));
  return body;
}

describe.each(databaseKinds())('bad input on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const inject = (options: InjectOptions) => testApp.app.inject(options);

  describe('request bodies', () => {
    it('malformed JSON answers 400 "Malformed JSON body"', async () => {
      const response = await inject({
        method: 'POST',
        url: '/api/v1/product',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": ',
      });
      expectFailure(response, 400, 'malformed_request', 'Malformed JSON body');
    });

    it('an empty JSON body answers 400', async () => {
      const response = await inject({
        method: 'POST',
        url: '/api/v1/product',
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expectFailure(response, 400, 'malformed_request');
    });

    it('a prototype-polluting form field answers 400', async () => {
      const response = await inject({
        method: 'POST',
        url: '/api/v1/product',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '__proto__[admin]=1',
      });
      expectFailure(response, 400, 'malformed_request');
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });

    it('a body of a content type no route reads answers 415 unsupported_media_type', async () => {
      const response = await inject({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'text/csv' }, payload: 'a,b' });
      expectFailure(response, 415, 'unsupported_media_type', 'Unsupported content type');
    });

    it('a form with more than 200 fields answers 400', async () => {
      const payload = Array.from({ length: 201 }, (_, index) => `f${index}=1`).join('&');
      const response = await inject({
        method: 'POST',
        url: '/api/v1/product',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expectFailure(response, 400, 'malformed_request');
    });

    it.each([
      ['application/json', JSON.stringify({ filler: 'x'.repeat(70 * 1024) })],
      ['application/x-www-form-urlencoded', `filler=${'x'.repeat(70 * 1024)}`],
      ['text/plain', 'x'.repeat(70 * 1024)],
    ])('a %s body over 64 KiB is refused with an envelope', async (contentType, payload) => {
      const response = await inject({ method: 'POST', url: '/api/v1/product', headers: { 'content-type': contentType }, payload });
      expect([405, 413]).toContain(response.statusCode);
      expectFailure(response, response.statusCode, response.statusCode === 413 ? 'body_too_large' : 'method_not_allowed');
      // The server is still healthy afterwards.
      expect((await inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });
  });

  describe('methods and paths', () => {
    it.each([
      ['POST', '/api/health'],
      ['PUT', '/api/health'],
      ['DELETE', '/api/health'],
      ['POST', '/api/v1/product'],
      ['PUT', '/api/v1/product'],
      ['DELETE', '/api/v1/product'],
      ['PUT', '/api/v1/product/1'],
      ['DELETE', '/api/v1/product/1'],
    ] as const)('%s %s answers 405 with an Allow header naming GET', async (method, url) => {
      const response = await inject({ method, url });
      expectFailure(response, 405, 'method_not_allowed');
      expect(String(response.headers.allow).split(/,\s*/)).toContain('GET');
      expect(String(response.headers.allow).split(/,\s*/)).not.toContain(method);
    });

    it.each(['/api/nope', '/api/v1/nope', '/api/v1/product/1/nope', '/api', '/api/'])('GET %s answers 404 "Not found"', async (url) => {
      expectFailure(await inject({ method: 'GET', url }), 404, 'route_not_found', 'Not found');
    });

    // Catch-all routes (static site, CORS preflight) must not make every path look known.
    it('POST /api/nope answers 404, not 405: there is nothing at that path', async () => {
      expectFailure(await inject({ method: 'POST', url: '/api/nope' }), 404, 'route_not_found', 'Not found');
    });

    it('a malformed percent escape in the path answers 400 with the envelope', async () => {
      const response = await inject({ method: 'GET', url: '/api/v1/product/%E0%A4%A' });
      expectFailure(response, 400, 'malformed_request');
      expect(response.headers['x-request-id']).toBeDefined();
    });
  });

  describe('path parameters', () => {
    it.each(['abc', '1.5', '-1', '0x1', '1e0', '%201', '01'])('GET /api/v1/product/%s answers 422 with errors.id', async (id) => {
      const body = expectFailure(
        await inject({ method: 'GET', url: `/api/v1/product/${id}` }),
        422,
        'validation',
        'Parameter validation error.',
      );
      expect(body.errors).toEqual({ id: [expect.any(String)] });
    });

    it('GET /api/v1/product/0 answers 422', async () => {
      const body = expectFailure(
        await inject({ method: 'GET', url: '/api/v1/product/0' }),
        422,
        'validation',
        'Parameter validation error.',
      );
      expect(body.errors).toHaveProperty('id');
    });

    it.each(['2147483648', '9999999999'])('GET /api/v1/product/%s (beyond any record) answers 404', async (id) => {
      expectFailure(await inject({ method: 'GET', url: `/api/v1/product/${id}` }), 404, 'product_not_found', 'Product not found');
    });

    it('GET /api/v1/product/99999 answers 404 "Product not found"', async () => {
      expectFailure(await inject({ method: 'GET', url: '/api/v1/product/99999' }), 404, 'product_not_found', 'Product not found');
    });

    it('an SQL injection attempt in the id answers 422', async () => {
      const response = await inject({ method: 'GET', url: `/api/v1/product/${encodeURIComponent("1' OR '1'='1")}` });
      expectFailure(response, 422, 'validation');
    });
  });
});
