import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(databaseKinds())('health on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('GET /api/health answers the ok envelope', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ status: 1, code: 1, message: 'ok', detail: null });
  });

  it('GET /api/ready names the database it reached', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 1, code: 1, message: 'ready', detail: { database: kind } });
  });

  it('accepts the query parameters every storefront request may carry', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health?mode=app&domain=shop.example&device=mobile' });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['GET', '/api/health'],
    ['GET', '/api/ready'],
    ['GET', '/api/nope'],
    ['DELETE', '/api/health'],
    ['GET', '/api/v1/product/abc'],
  ] as const)('%s %s carries an x-request-id header', async (method, url) => {
    const response = await testApp.app.inject({ method, url });
    expect(response.headers['x-request-id']).toMatch(uuidPattern);
  });

  it('gives each request its own id', async () => {
    const first = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    const second = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('echoes a sane incoming x-request-id', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-request-id']).toBe('abc-123');
  });

  it.each([
    ['with spaces', 'abc 123'],
    ['100 characters long', 'a'.repeat(100)],
    ['with markup', '<script>alert(1)</script>'],
    ['with a header injection attempt', 'abc\tset-cookie:x'],
  ])('replaces an incoming x-request-id %s', async (_label, hostile) => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': hostile } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).not.toBe(hostile);
    expect(response.headers['x-request-id']).toMatch(uuidPattern);
  });

  describe('when the database has gone away', () => {
    let broken: TestApp;
    beforeAll(async () => {
      broken = await createTestApp(kind);
      await broken.database.close();
    });
    afterAll(async () => {
      await broken.close();
    });

    it('GET /api/ready answers 503 with the failure envelope and no internals', async () => {
      const response = await broken.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['x-request-id']).toMatch(uuidPattern);
      const body = response.json();
      expect(body).toMatchObject({ status: 0, code: 0, detail: null });
      expect(body.message).toEqual(expect.any(String));
      expect(response.body).not.toMatch(/\bat\s+\S+.*:\d+:\d+|node_modules|\/work\/|destroyed|SELECT/i);
    });

    it('GET /api/health still answers 200: the process is alive', async () => {
      const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
    });
  });
});

describe('with a PostgreSQL server that refuses connections', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  beforeAll(async () => {
    // Nothing listens on port 1 of the loopback: the state of a database server that is down.
    database = await openDatabase({ databaseUrl: 'postgres://postgres:secret@127.0.0.1:1/solar' });
    app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent-test-data' }), database);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each(['/api/ready', '/api/v1/product', '/api/v1/product/1'])('GET %s answers 503 without internals', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 0, code: 0, detail: null });
    expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|secret|\bat\s+\S+.*:\d+:\d+|node_modules/);
  });

  it('GET /api/health still answers 200', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });
});
