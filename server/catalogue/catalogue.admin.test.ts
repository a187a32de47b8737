import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess, registerMember, send, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { placeOrder } from '../../tests/helpers/orders.ts';
import { blackPng, multipart, photo } from '../../tests/helpers/uploads.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';

interface Product {
  id: number;
  names: Record<string, string>;
  price: string;
  quantity: number;
  sold: number;
  on_sale: boolean;
  pictures: string[];
}

const lamp = {
  names: { zhs: '石墨烯太阳能板', zht: '石墨烯太陽能板', eng: 'Graphene panel' },
  descriptions: { zhs: '托管发电', zht: '託管發電', eng: 'Hosted power' },
  specifications: { zhs: '450 瓦', zht: '450 瓦', eng: '450 W' },
  units: { zhs: '份', zht: '份', eng: 'share' },
  price: '100.0000',
  quantity: 2,
  rated_capacity_watts: 450,
  pictures: [],
  certificates: [],
  on_sale: true,
};

describe.each(databaseKinds())('catalogue in the back office on %s', (kind) => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let operator: string;
  let member: Member;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    app = testApp.app;
    operator = await operatorToken(app, testApp.database.db);
    member = await registerMember(app);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const admin = (method: 'GET' | 'POST' | 'PUT', path: string, body?: Record<string, unknown>, token = operator) =>
    send(app, method, `admin/v1/catalogue/${path}`, { token, ...(body === undefined ? {} : { body, json: true }) });
  const audits = async (action: string) =>
    testApp.database.db.selectFrom('audit_log').select(['before', 'after']).where('action', '=', action).orderBy('id').execute();
  const memberList = async (token?: string) =>
    expectSuccess(await send(app, 'GET', 'v1/product', { token })) as { id: number; names: Record<string, string>; price: number }[];

  const siteNeedsPublish = async () =>
    (expectSuccess(await send(app, 'GET', 'admin/v1/site', { token: operator })) as { catalogue_changed: boolean }).catalogue_changed;

  it('refuses a member token on every catalogue route', async () => {
    // Before any catalogue change the brand site shows the catalogue as it is.
    expect(await siteNeedsPublish()).toBe(false);
    for (const [method, path] of [
      ['GET', 'products'],
      ['POST', 'products'],
      ['PUT', 'products/1'],
      ['GET', 'engine-rooms'],
      ['PUT', 'engine-rooms/1'],
    ] as const) {
      expect(expectFailure(await admin(method, path, method === 'GET' ? undefined : lamp, member.token), 403).error_code).toBe(
        'operators_only',
      );
    }
  });

  it('adds a product members see at once in their language, audited', async () => {
    const added = expectSuccess(await admin('POST', 'products', lamp), 201) as Product;
    expect(added).toMatchObject({ price: '100.0000', quantity: 2, sold: 0, on_sale: true });
    const shown = (await memberList()).find((product) => product.id === added.id);
    expect(shown?.names).toMatchObject({ zht: '石墨烯太陽能板', eng: 'Graphene panel' });
    expect(shown).toMatchObject({ descriptions: lamp.descriptions, units: lamp.units, price: 100 });
    expect((await audits('product.create')).at(-1)?.after).toMatchObject({ price: '100.0000', names: lamp.names });
    const page = expectSuccess(await admin('GET', 'products?page=1')) as { total: number; data: Product[] };
    expect(page.data.map((product) => product.id)).toContain(added.id);
  });

  it('takes the form-encoded body the back office sends, brackets for each language', async () => {
    const body = {
      ...Object.fromEntries(
        (['names', 'descriptions', 'specifications', 'units'] as const).flatMap((field) =>
          Object.entries(lamp[field]).map(([locale, value]) => [`${field}[${locale}]`, value]),
        ),
      ),
      price: '99.5',
      quantity: '3',
      rated_capacity_watts: '450',
      on_sale: 'false',
    };
    const added = expectSuccess(await send(app, 'POST', 'admin/v1/catalogue/products', { token: operator, body }), 201) as Product;
    expect(added).toMatchObject({ price: '99.5000', quantity: 3, on_sale: false, pictures: [], names: lamp.names });
  });

  it('refuses each bad field by name and changes nothing', async () => {
    const before = (expectSuccess(await admin('GET', 'products')) as { data: Product[] }).data;
    for (const [field, value] of [
      ['price', '0'],
      ['price', '1.23456'],
      ['price', 'abc'],
      ['quantity', 0],
      ['names', { zhs: ' ', zht: 'x', eng: 'x' }],
      ['units', { zhs: '份', zht: '份', eng: '' }],
      ['pictures', ['/etc/passwd']],
    ] as const) {
      const refused = expectFailure(await admin('POST', 'products', { ...lamp, [field]: value }), 422);
      expect(Object.keys(refused.errors ?? {}).join(' '), `${field}=${JSON.stringify(value)}`).toContain(field);
    }
    expect((expectSuccess(await admin('GET', 'products')) as { data: Product[] }).data).toEqual(before);
  });

  it('never lowers the capacity below the shares sold, and asks why a price changes', async () => {
    const product = expectSuccess(await admin('POST', 'products', lamp), 201) as Product;
    await placeOrder(app, member, { 'item_content[0][product_id]': product.id, amount: '150' });
    const listed = (expectSuccess(await admin('GET', 'products')) as { data: Product[] }).data.find((row) => row.id === product.id);
    expect(listed?.sold).toBe(2);
    const refused = expectFailure(await admin('PUT', `products/${product.id}`, { ...lamp, quantity: 1 }), 422);
    expect(refused.error_code).toBe('product_capacity_below_sold');
    expect(Object.keys(refused.errors ?? {})).toEqual(['quantity']);

    const noReason = expectFailure(await admin('PUT', `products/${product.id}`, { ...lamp, price: '120' }), 422);
    expect(Object.keys(noReason.errors ?? {})).toEqual(['reason']);
    const saved = expectSuccess(await admin('PUT', `products/${product.id}`, { ...lamp, price: '120', quantity: 5, reason: 'New tariff' }));
    expect(saved).toMatchObject({ price: '120.0000', quantity: 5 });
    expect((await audits('product.update')).at(-1)).toMatchObject({
      before: { price: '100.0000', quantity: 2 },
      after: { price: '120.0000', quantity: 5, reason: 'New tariff' },
    });
  });

  it('hides a product: not listed, not sold; the new name shows in each locale', async () => {
    const product = expectSuccess(await admin('POST', 'products', lamp), 201) as Product;
    const renamed = { ...lamp, names: { ...lamp.names, zhs: '新名称' } };
    expectSuccess(await admin('PUT', `products/${product.id}`, renamed));
    expect((await memberList(member.token)).find((row) => row.id === product.id)?.names.zhs).toBe('新名称');

    expectSuccess(await admin('PUT', `products/${product.id}`, { ...renamed, on_sale: false }));
    expect((await memberList()).map((row) => row.id)).not.toContain(product.id);
    expectFailure(await send(app, 'GET', `v1/product/${product.id}`), 404);
    const body = { 'item_content[0][product_id]': product.id, 'item_content[0][count]': 1, delivery_method_id: 1, engine_room_id: 1 };
    const order = await send(app, 'POST', 'v1/order', { token: member.token, body: { ...body, payment_method_id: 1, amount: '150' } });
    expect(expectFailure(order, 422).error_code).toBe('product_hidden');
  });

  it('takes a product picture checked by its content', async () => {
    const upload = async (bytes: Buffer, name: string, type: string) => {
      const body = multipart(bytes, name, type);
      return app.inject({
        method: 'POST',
        url: '/api/admin/v1/catalogue/pictures',
        headers: { authorization: `Bearer ${operator}`, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    expectFailure(await upload(Buffer.from('<svg/>'), 'x.png', 'image/png'), 415);
    // A picture too tall to decode in good time is refused at its header, in the back office too.
    const tall = blackPng(1, 24_000_000);
    const started = performance.now();
    expect(expectFailure(await upload(tall, 'tall.png', 'image/png'), 422).error_code).toBe('image_too_many_pixels');
    expect(performance.now() - started).toBeLessThan(1000);
    const picture = expectSuccess(await upload(await photo('png', 64, 48), 'p.png', 'image/png'), 201) as { src: string };
    const saved = expectSuccess(await admin('POST', 'products', { ...lamp, pictures: [picture.src] }), 201) as Product;
    expect(saved.pictures).toEqual([picture.src]);
  });

  it('never sells more than the capacity while an operator lowers it', async () => {
    const product = expectSuccess(await admin('POST', 'products', lamp), 201) as Product;
    const [order, edit] = await Promise.all([
      send(app, 'POST', 'v1/order', {
        token: member.token,
        body: {
          'item_content[0][product_id]': product.id,
          'item_content[0][count]': 1,
          delivery_method_id: 1,
          engine_room_id: 1,
          payment_method_id: 1,
          amount: '150',
        },
      }),
      admin('PUT', `products/${product.id}`, { ...lamp, quantity: 1 }),
    ]);
    // One of the two waits for the other's lock: the order (1.5 shares) fits in 2 but not in 1.
    expect([order.statusCode, edit.statusCode].sort()).toEqual(order.statusCode === 201 ? [201, 422] : [200, 422]);
    const listed = (expectSuccess(await admin('GET', 'products')) as { data: Product[] }).data.find((row) => row.id === product.id);
    expect(listed?.sold ?? 0).toBeLessThanOrEqual(listed?.quantity ?? 0);
  });

  it('adds and edits engine rooms, capacity through the capacity rule, audited', async () => {
    const room = {
      names: { zhs: '台中机房', zht: '台中機房', eng: 'Taichung Room C' },
      locations: { zhs: '台湾台中', zht: '台灣台中', eng: 'Taichung, Taiwan' },
      types: { zhs: '石墨烯阵列', zht: '石墨烯陣列', eng: 'Graphene array' },
      capacity_units: 40,
    };
    const added = expectSuccess(await admin('POST', 'engine-rooms', room), 201) as { id: number };
    expectFailure(await admin('PUT', `engine-rooms/${added.id}`, { ...room, capacity_units: 0 }), 422);
    const saved = expectSuccess(await admin('PUT', `engine-rooms/${added.id}`, { ...room, capacity_units: 50, reason: 'survey' }));
    expect(saved).toMatchObject({ capacity_units: 50, names: room.names, types: room.types, type: 'Graphene array' });
    // A type missing in one language is refused by field, and nothing changes.
    const refused = expectFailure(
      await admin('PUT', `engine-rooms/${added.id}`, { ...room, types: { ...room.types, zht: ' ' }, capacity_units: 50 }),
      422,
    );
    expect(JSON.stringify(refused)).toContain('types');
    // Members read the type in their language, with the English fallback the original app's API names.
    const offered = expectSuccess(await send(app, 'GET', 'v1/engineRoom')) as { id: number; type: string; types: Record<string, string> }[];
    expect(offered.find((row) => row.id === 1)).toMatchObject({
      type: 'Graphene array',
      types: { zhs: '石墨烯阵列', zht: '石墨烯陣列', eng: 'Graphene array' },
    });
    expect((await audits('engine_room.capacity')).at(-1)).toMatchObject({ before: { capacity_units: 40 }, after: { capacity_units: 50 } });
    expect((await audits('engine_room.create')).length).toBeGreaterThan(0);
    const page = expectSuccess(await admin('GET', 'engine-rooms')) as {
      data: (typeof room & { id: number; capacity_confirmed: boolean })[];
    };
    expect(page.data.map((row) => row.id)).toContain(added.id);
    // A room an operator added has its capacity confirmed; a seeded sample does not, until an operator saves it.
    expect(page.data.find((row) => row.id === added.id)?.capacity_confirmed).toBe(true);
    const seeded = page.data.find((row) => row.id === 2);
    expect(seeded?.capacity_confirmed).toBe(false);
    expect(seeded?.types).toEqual({ zhs: '屋顶阵列', zht: '屋頂陣列', eng: 'Rooftop array' });
    const { names, locations, types, capacity_units } = seeded ?? room;
    const confirmed = expectSuccess(await admin('PUT', 'engine-rooms/2', { names, locations, types, capacity_units })) as {
      capacity_confirmed: boolean;
    };
    expect(confirmed.capacity_confirmed, 'saved unchanged: confirmed').toBe(true);
  });

  it('counts only products on sale in the setup checklist, and the brand site needs a publish', async () => {
    // The products added above are brand content too: the back office says the site needs a publish.
    expect(await siteNeedsPublish()).toBe(true);
    const products = (expectSuccess(await admin('GET', 'products')) as { data: (Product & Record<string, unknown>)[] }).data;
    for (const product of products) {
      const { id, sold, updated_at: updatedAt, ...fields } = product;
      expect(sold).toBeLessThanOrEqual(product.quantity);
      expect(updatedAt).toEqual(expect.any(String));
      expectSuccess(await admin('PUT', `products/${id}`, { ...fields, on_sale: false }));
    }
    const dashboard = JSON.stringify(expectSuccess(await send(app, 'GET', 'admin/v1/dashboard', { token: operator })));
    expect(dashboard).toContain('"id":"product_on_sale","done":false');
  });
});
