import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess, send } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createScratchDatabase } from '../../tests/helpers/test-app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/database.ts';
import { seedDatabase } from '../seed.ts';

const newHeading = '兩個伺服器都看得到的標題';
const followWithinMs = 5_000;

/**
 * Two API processes on one PostgreSQL sharing SITE_DIR (decision 022): a publish on one is served by
 * both, the other learning of it through NOTIFY; while one builds, the other is told a build is running.
 */
describe.runIf(process.env.DATABASE_URL)('the brand site across processes on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let siteDir: string;
  const databases: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];

  const heading = async (app: FastifyInstance) => /<h1[^>]*>([^<]*)<\/h1>/.exec((await app.inject({ url: '/zht/home' })).body)?.[1];

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    siteDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-site-shared-'));
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent-test-data',
      CARD_NUMBER_KEY: '0f'.repeat(32),
      SITE_DIR: siteDir,
    });
    for (let index = 0; index < 2; index += 1) {
      const database = await openDatabase({ databaseUrl: scratch.url });
      if (index === 0) {
        await migrateToLatest(database.db);
        await seedDatabase(database.db);
      }
      databases.push(database);
      const app = await buildApp(config, database);
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await scratch.drop();
    await fs.rm(siteDir, { recursive: true, force: true });
  });

  it('a publish on one process is served by the other, with no second build at the same time', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const token = await operatorToken(first, databases[0]!.db);
    const { draft } = expectSuccess(await send(first, 'GET', 'admin/v1/site/sections/home/zht', { token })) as { draft: object };
    expectSuccess(
      await send(first, 'PUT', 'admin/v1/site/sections/home/zht', {
        token,
        json: true,
        body: { content: { ...draft, heading: newHeading } },
      }),
    );

    const build = expectSuccess(await send(first, 'POST', 'admin/v1/site/publish', { token }), 202) as { id: number };
    const refused = expectFailure(await send(second, 'POST', 'admin/v1/site/publish', { token }), 409);
    expect(refused.error_code).toBe('site_build_running');
    await first.sitePublisher.settled(build.id);
    expect(await heading(first)).toBe(newHeading);

    const deadline = Date.now() + followWithinMs;
    while ((await heading(second)) !== newHeading && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await heading(second)).toBe(newHeading);
  }, 180_000);
});
