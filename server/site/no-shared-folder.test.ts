/**
 * Three server processes on one PostgreSQL, each with a data folder of its own and nothing shared on disk
 * (decision 057): a photo uploaded through one is shown by another, a version published from one is served by the
 * others within 10 s, a rollback through one is served by another.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../tests/helpers/test-app.ts';
import { insertUser } from '../../tests/helpers/ledger.ts';
import { multipart, photo } from '../../tests/helpers/uploads.ts';
import { startProduct, type ProductServer } from '../../tests/helpers/product-server.ts';
import { upsertOperator } from '../admin/operator.service.ts';
import { newToken, tokenHash } from '../auth/tokens.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { siteLiveChannel } from './live-site.ts';
import { assembleContent } from './site-content.ts';
import { finishBuild, insertBuild, listDrafts, setLive } from './site-content.repository.ts';
import { saveVersion } from './site-version-store.ts';

const operator = { username: 'storage_operator', password: 'storage operator passphrase' };
/** How soon every process must serve a version made live elsewhere. */
const servedWithinMs = 10_000;

/** Polls until the address answers the text, or the time is up; answers what it last read. */
async function servedSoon(url: string, text: string): Promise<string> {
  const deadline = Date.now() + servedWithinMs;
  let last = '';
  while (Date.now() < deadline) {
    last = await (await fetch(url)).text();
    if (last === text) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return last;
}

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

  const operatorToken = async (index: number) => {
    const login = await fetch(`${url(index)}/api/admin/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(operator),
    });
    return ((await login.json()) as { detail: { token: string } }).detail.token;
  };

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

  it('a version published from one is served by the others within 10 s, and a rollback through one by another', async () => {
    const { db } = database;
    // The publishing process's part, as SitePublisher does it after its build: the folder into the database, then live.
    const publish = async (words: string) => {
      const id = await insertBuild(db, {
        kind: 'publish',
        content: assembleContent(await listDrafts(db)),
        operatorId: null,
        codeVersion: 'test',
      });
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-version-'));
      fs.writeFileSync(path.join(folder, 'version.txt'), words);
      fs.writeFileSync(path.join(folder, '404.html'), '<!doctype html><title>Not found</title>');
      await saveVersion(db, id, folder);
      fs.rmSync(folder, { recursive: true, force: true });
      await finishBuild(db, id, { status: 'succeeded', durationMs: 1 });
      await setLive(db, id, null, siteLiveChannel);
      return id;
    };
    const earlier = await publish('version one');
    for (const index of [0, 1, 2]) expect(await servedSoon(`${url(index)}/version.txt`, 'version one')).toBe('version one');
    await publish('version two');
    expect(await servedSoon(`${url(2)}/version.txt`, 'version two')).toBe('version two');
    expect(await servedSoon(`${url(0)}/version.txt`, 'version two')).toBe('version two');

    const rollback = await fetch(`${url(2)}/api/admin/v1/site/versions/${earlier}/rollback`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await operatorToken(2)}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(rollback.status, await rollback.text()).toBe(200);
    expect(await servedSoon(`${url(0)}/version.txt`, 'version one')).toBe('version one');
    expect(await servedSoon(`${url(1)}/version.txt`, 'version one')).toBe('version one');
  }, 60_000);
});
