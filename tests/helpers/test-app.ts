import { readSettings } from '../../server/revenue/income-settings.repository.ts';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { seedPartnerSites } from '../../server/partner-sites/partner-sites.service.ts';
import { seedDatabase } from '../../server/seed.ts';
import { adminQuery, databaseUrlNamed, pgliteTemplateDump, postgresTemplateName } from './database-templates.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** A fixed card-number key for tests (a real deployment keeps its own secret). */
const testCardKey = '0f'.repeat(32);

/** PGlite always; PostgreSQL too when DATABASE_URL names a server (CI sets it). */
export function databaseKinds(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/**
 * A migrated, seeded app on a database of its own: in-memory PGlite, or a fresh PostgreSQL database.
 * It runs in demo mode, as `npm start` does, so the seeded receiving accounts take payments; tests of
 * a real install pass `DEMO_MODE: 'false'`.
 */
/**
 * `schemas: 'eager'` compiles every route's schemas before the app is ready, as fastify does by default (decision 032).
 * `logger`: the app's log settings, for a test that reads what the server logs (silent by default).
 */
export async function createTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  schemas: 'lazy' | 'eager' = 'lazy',
  logger: FastifyServerOptions['logger'] = false,
): Promise<TestApp> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-test-data',
    CARD_NUMBER_KEY: testCardKey,
    DEMO_MODE: 'true',
    ...env,
  });
  const scratch = kind === 'postgres' ? await createScratchDatabase(postgresTemplateName()) : undefined;
  const database = await openDatabase(
    scratch === undefined ? { memory: true, loadDataDir: await pgliteTemplateDump() } : { databaseUrl: scratch.url },
  );
  // Nothing to do on a copy of the run's template (one read each); the whole work where there is none.
  await migrateToLatest(database.db);
  await seedDatabase(database.db);
  await readSettings(database.db, config);
  await seedPartnerSites(database.db, config.corsOrigins);
  const app = await buildApp(config, database, logger, schemas);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

/** How long a scratch database's own connections get to close before it is dropped anyway. */
const dropWaitMs = 5_000;
const dropPollMs = 25;

/**
 * An empty database of the given kind, nothing migrated: for a test that migrates step by step (an
 * older schema, rows as they were, then the migration under test). `close` also drops a scratch PostgreSQL one.
 */
export async function openUnmigratedDatabase(kind: DatabaseKind): Promise<{ database: DatabaseHandle; close(): Promise<void> }> {
  const scratch = kind === 'postgres' ? await createScratchDatabase() : undefined;
  const database = await openDatabase(scratch === undefined ? { memory: true } : { databaseUrl: scratch.url });
  return {
    database,
    close: async () => {
      await database.close();
      await scratch?.drop();
    },
  };
}

/** A new PostgreSQL database: empty, or a copy of the named template. */
export async function createScratchDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl === undefined) throw new Error('DATABASE_URL is not set');
  const name = `gs_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(template === undefined ? `create database ${name}` : `create database ${name} template ${template}`);
  return {
    url: databaseUrlNamed(name),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      // pg's Pool.end() resolves before its sockets have closed; forcing the drop while they
      // close would kill them mid-goodbye and surface as an uncaught error in the test run.
      for (let waitedMs = 0; waitedMs < dropWaitMs; waitedMs += dropPollMs) {
        const open = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if ((open.rows[0] as { n: number }).n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, dropPollMs));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
