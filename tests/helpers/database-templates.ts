import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase, type Db } from '../../server/db/database.ts';
import { seedDatabase } from '../../server/seed.ts';

/**
 * Migrated, seeded databases made once per test run and copied for each test app. A new embedded
 * database spends most of its start in initdb (about 3 s on a quiet machine, ten times that on a
 * busy one) and the 29 migrations take another second or more; restoring a dump of one already
 * migrated skips both, and PostgreSQL copies a template database in a few milliseconds. Every test
 * still gets a database of its own.
 */

/** Where the run's templates are named, for the test processes the runner starts after the setup. */
const pgliteTemplateVariable = 'GS_TEST_PGLITE_TEMPLATE';
const postgresTemplateVariable = 'GS_TEST_POSTGRES_TEMPLATE';

async function migrateAndSeed(db: Db): Promise<void> {
  await migrateToLatest(db);
  await seedDatabase(db);
}

/** Makes the run's templates and says where they are; the function it returns removes them. */
export async function prepareDatabaseTemplates(): Promise<() => Promise<void>> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-template-'));
  const dumpFile = path.join(folder, 'pglite.tar');
  const embedded = await openDatabase({ memory: true });
  await migrateAndSeed(embedded.db);
  if (embedded.dumpDataDir === undefined) throw new Error('An embedded database can be dumped');
  await fs.writeFile(dumpFile, Buffer.from(await (await embedded.dumpDataDir()).arrayBuffer()));
  await embedded.close();
  process.env[pgliteTemplateVariable] = dumpFile;

  const postgresTemplate = process.env.DATABASE_URL ? await createPostgresTemplate() : undefined;
  if (postgresTemplate !== undefined) process.env[postgresTemplateVariable] = postgresTemplate.name;
  return async () => {
    await postgresTemplate?.drop();
    await fs.rm(folder, { recursive: true, force: true });
  };
}

async function createPostgresTemplate(): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `gs_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const database = await openDatabase({ databaseUrl: databaseUrlNamed(name) });
  await migrateAndSeed(database.db);
  await database.close();
  return {
    name,
    drop: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

let pgliteTemplate: Promise<Blob | undefined> | undefined;

/** The run's embedded template as a dump to start PGlite from, or undefined outside a prepared run. */
export function pgliteTemplateDump(): Promise<Blob | undefined> {
  const file = process.env[pgliteTemplateVariable];
  if (file === undefined) return Promise.resolve(undefined);
  pgliteTemplate ??= fs.readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteTemplate;
}

/** The run's PostgreSQL template database, if one was made. */
export function postgresTemplateName(): string | undefined {
  return process.env[postgresTemplateVariable];
}

/** DATABASE_URL with another database name. */
export function databaseUrlNamed(name: string): string {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl === undefined) throw new Error('DATABASE_URL is not set');
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(statement: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}
