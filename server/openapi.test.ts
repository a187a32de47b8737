import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalCodes } from '../contract/refusals.ts';
import { createTestApp, databaseKinds, type TestApp } from '../tests/helpers/test-app.ts';

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }>; required?: string[] }> };
  paths: Record<string, Record<string, { responses?: Record<string, unknown>; parameters?: { name: string; in: string }[] }>>;
}

describe.each(databaseKinds())('OpenAPI document on %s', (kind) => {
  let testApp: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    document = response.json();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('is an OpenAPI 3.1 document', () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info.title).toEqual(expect.any(String));
    expect(document.info.version).toEqual(expect.any(String));
  });

  it('describes the health, readiness and catalogue paths', () => {
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/ready', '/api/v1/product', '/api/v1/product/{id}']),
    );
    for (const path of ['/api/health', '/api/ready', '/api/v1/product', '/api/v1/product/{id}']) {
      expect(document.paths[path], path).toHaveProperty('get');
    }
  });

  it('documents the id of /api/v1/product/{id} as a path parameter', () => {
    const parameters = document.paths['/api/v1/product/{id}']?.get?.parameters ?? [];
    expect(parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]));
  });

  it('documents the 200 response of the catalogue', () => {
    expect(document.paths['/api/v1/product']?.get?.responses).toHaveProperty('200');
  });

  it('leaves out the static site wildcard', () => {
    for (const path of Object.keys(document.paths)) {
      expect(path).not.toContain('*');
      expect(path.startsWith('/api/'), path).toBe(true);
    }
  });

  it('publishes every refusal code in the failure envelope, and every operation answers refusals with it', () => {
    const failure = document.components.schemas['Failure'];
    expect(failure?.required).toContain('error_code');
    expect(failure?.properties['error_code']?.enum).toEqual([...refusalCodes]);
    const withdraw = document.paths['/api/v1/withdraw']?.post?.responses ?? {};
    expect(withdraw).toHaveProperty('default');
    expect(JSON.stringify(withdraw['default'])).toContain('#/components/schemas/Failure');
  });
});
