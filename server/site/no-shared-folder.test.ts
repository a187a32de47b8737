/**
 * Three server processes on one PostgreSQL, each with a data folder of its own and nothing shared on disk
 * (decision 057): a photo uploaded through one is shown by another, a version published (a real build) through one is
 * served by the others within 10 s, a rollback through one is served by another.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../tests/helpers/test-app.ts';
import { insertUser } from '../../tests/helpers/ledger.ts';
import { multipart, photo } from '../../tests/helpers/uploads.ts';
import { ProductApi } from '../../tests/helpers/product-api.ts';
import { startProduct, type ProductServer } from '../../tests/helpers/product-server.ts';
import { upsertOperator } from '../operators/login.service.ts';
import { newToken, tokenHash } from '../auth/tokens.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { buildTimeoutMs } from './site-build.ts';

const operator = { username: 'storage_operator', password: 'storage operator passphrase' };
/** How soon every process must serve a version made live elsewhere. */
const servedWithinMs = 10_000;

describe.skipIf(!process.env.DATABASE_URL)('three processes with no shared folder on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: DatabaseHandle;
  const servers: ProductServer[] = [];
  const url = (index: number) => servers[index]?.baseUrl ?? '';

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    const env = { DATABASE_URL: scratch.url, CARD_NUMBER_KEY: 'ef'.repeat(32), ORDER_EXPIRY_CHECK_MINUTES: '0' };
    servers.push(await startProduct(env));
    servers.push(...(await Promise.all([startProduct(env), startProduct(env)])));
    database = await openDatabase({ databaseUrl: scratch.url });
    await upsertOperator(database.db, operator.username, operator.password);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.dispose()));
    await database?.close();
    await scratch?.drop();
  });

  const operatorToken = (index: number) => new ProductApi(url(index)).operatorLogin(operator.username, operator.password);

  it('a photo uploaded through the first is shown by the second; no process wrote it to its own folder', async () => {
    const member = await insertUser(database.db);
    const token = newToken();
    await database.db
      .insertInto('sessions')
      .values({ user_id: member, token_hash: tokenHash(token) })
      .execute();
    const body = multipart(await photo('png'), 'photo.png', 'image/png');
    const uploaded = await fetch(`${url(0)}/api/v1/image/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
      body: new Uint8Array(body.payload),
    });
    expect(uploaded.status).toBe(201);
    const { image_path: imagePath } = ((await uploaded.json()) as { detail: { image_path: string } }).detail;
    const shown = await fetch(`${url(1)}${imagePath}`, { headers: { authorization: `Bearer ${await operatorToken(1)}` } });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    const original = await fetch(`${url(0)}${imagePath}`, { headers: { authorization: `Bearer ${token}` } });
    expect(Buffer.from(await shown.arrayBuffer()).equals(Buffer.from(await original.arrayBuffer()))).toBe(true);
    for (const server of servers) expect(fs.existsSync(path.join(server.dataDir, 'uploads'))).toBe(false);
  });

  it('a version published from the second is served by the third within 10 s, and a rollback through the third by the first', async () => {
    const heading = async (index: number) => /<h1[^>]*>([^<]*)<\/h1>/.exec(await (await fetch(`${url(index)}/zht/home`)).text())?.[1];
    const headingSoon = async (index: number, words: string) => {
      const deadline = Date.now() + servedWithinMs;
      while ((await heading(index)) !== words && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      return heading(index);
    };
    // An operator's edit and a real publish (the Astro build) through the second process's API.
    const second = new ProductApi(url(1));
    const token = await operatorToken(1);
    const publish = async (words: string) => {
      await second.editHeading(token, 'home', 'zht', words);
      const build = await second.publishSite(token, buildTimeoutMs);
      expect(build, String(build.error)).toMatchObject({ status: 'succeeded' });
      return build.id;
    };
    const earlier = await publish('第一個版本的標題');
    for (const index of [0, 1, 2]) expect(await headingSoon(index, '第一個版本的標題')).toBe('第一個版本的標題');
    await publish('第二個版本的標題');
    expect(await headingSoon(2, '第二個版本的標題')).toBe('第二個版本的標題');
    expect(await headingSoon(0, '第二個版本的標題')).toBe('第二個版本的標題');

    const rollback = await fetch(`${url(2)}/api/admin/v1/site/versions/${earlier}/rollback`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await operatorToken(2)}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(rollback.status, await rollback.text()).toBe(200);
    expect(await headingSoon(0, '第一個版本的標題')).toBe('第一個版本的標題');
    expect(await headingSoon(1, '第一個版本的標題')).toBe('第一個版本的標題');
    // No process keeps a version another needs: each wrote out from the database what it serves.
    for (const server of servers) expect(fs.existsSync(path.join(server.dataDir, 'site', 'versions', String(earlier)))).toBe(true);
  }, 180_000);
});
