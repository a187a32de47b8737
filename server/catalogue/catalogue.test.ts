import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { seedCatalog } from './catalogue.seed.ts';

const solarPower = { id: 1, name: 'Graphene solar power', price: 15_000_000, quantity: 23 };

describe.each(databaseKinds())('catalogue on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const listProducts = async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/product' });
    expect(response.statusCode).toBe(200);
    return response.json().detail as Record<string, unknown>[];
  };

  it('GET /api/v1/product lists the solar power product in the success envelope', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/product?device=mobile' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body).toMatchObject({ status: 1, code: 1, message: expect.any(String) });
    expect(body.detail).toEqual([expect.objectContaining(solarPower)]);
  });

  it('carries the price as a JSON number, not a string', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/product' });
    expect(response.body).toContain('"price":15000000');
    const [product] = await listProducts();
    expect(typeof product?.price).toBe('number');
    expect(product?.rated_capacity_watts).toBe(1_000_000);
  });

  it('GET /api/v1/product/1 returns the product', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/product/1' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 1, code: 1 });
    expect(body.detail).toMatchObject(solarPower);
  });

  it('seeding again keeps exactly one product', async () => {
    await seedCatalog(testApp.database.db);
    await seedCatalog(testApp.database.db);
    expect(await listProducts()).toEqual([expect.objectContaining(solarPower)]);
  });

  it('seeding again leaves an operator’s price change in place, and the API shows it at once', async () => {
    const { db } = testApp.database;
    await db.updateTable('products').set({ price: 160_000_001_234n }).where('id', '=', 1).execute();
    try {
      await seedCatalog(db);
      const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/product/1' });
      expect(response.json().detail.price).toBe(16_000_000.1234);
    } finally {
      await db.updateTable('products').set({ price: 150_000_000_000n }).where('id', '=', 1).execute();
    }
  });

  it('a product added after seeding gets a fresh id, not a collision with the seeded one', async () => {
    const { db } = testApp.database;
    const added = await db
      .insertInto('products')
      .values({ name: 'Graphene storage', price: 10_000n, quantity: 5, rated_capacity_watts: 1_000n })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect(added.id).toBe(2);
      expect((await listProducts()).map((product) => product.id)).toEqual([1, 2]);
    } finally {
      await db.deleteFrom('products').where('id', '=', added.id).execute();
    }
  });
});
