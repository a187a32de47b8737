import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/helpers/test-app.ts';

describe('route schemas compiled on first use (decision 032)', () => {
  it('every route’s validator and serializer compile, as they would at start-up', async () => {
    const eager = await createTestApp('pglite', {}, 'eager');
    await eager.close();
  });

  it('refuses bad input with the same field errors, and answers with the same serialized body, as fastify’s own compilers', async () => {
    const answers = [];
    for (const schemas of ['lazy', 'eager'] as const) {
      const testApp = await createTestApp('pglite', {}, schemas);
      try {
        const refused = await testApp.app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: 'someone' } });
        const product = await testApp.app.inject({ method: 'GET', url: '/api/v1/product/1' });
        answers.push({ refused: [refused.statusCode, refused.json()], product: [product.statusCode, product.body] });
      } finally {
        await testApp.close();
      }
    }
    const [lazy, eager] = answers;
    expect(lazy?.refused[0]).toBe(422);
    expect(lazy).toEqual(eager);
  });
});
