import { makePrivateFolder } from '../shared/private-folder.ts';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql, type DatabaseConnection, type Driver, type KyselyConfig } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { Database } from './schema.ts';
import { migrationProvider } from './migrations/index.ts';
import { applyChangedFunctions } from './functions/apply-changed.ts';
import { prepareStatements } from './prepared-statements.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { listenOnPglite, listenOnPostgres, type ChannelHandlers, type StopListening } from './listen-notify.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Hears NOTIFY on a channel from every process using this database (on PGlite, there is only this one). */
  listen(channel: string, handlers: ChannelHandlers): Promise<StopListening>;
  /** The embedded database's files as one uncompressed tar (PGlite only): what `loadDataDir` starts from. */
  dumpDataDir?(): Promise<Blob>;
  /** This process's connections to PostgreSQL (none on the embedded database, which has one, in this thread). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Hands every statement's duration (and whether it failed) to the observer: the metrics' query timings. */
  observeQueries(observer: QueryObserver): void;
  close(): Promise<void>;
}

export type QueryObserver = (seconds: number, failed: boolean) => void;

/** Kysely's log hook, passing each statement's time to whichever observer is set (none: nothing done). */
function queryTimer(): { log: NonNullable<KyselyConfig['log']>; observe: (observer: QueryObserver) => void } {
  let observer: QueryObserver | undefined;
  return {
    log: (event) => observer?.(event.queryDurationMillis / 1000, event.level === 'error'),
    observe: (next) => {
      observer = next;
    },
  };
}

/** PostgreSQL's type id for int8/BIGINT: kept as a string so no money ever passes through a float. */
const int8TypeId = 20;

/** Postgres connections kept per process: two cores serve well with a small pool. */
const poolSizeMax = 10;

/** In memory, optionally started from a dump of another embedded database (tests copy one migrated database so). */
export type DatabaseTarget = { databaseUrl: string } | { dataDir: string } | { memory: true; loadDataDir?: Blob | undefined };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('databaseUrl' in target) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: poolSizeMax });
    // An idle connection the server drops (a restart, a failover) is discarded by the pool and
    // reported here; unheard, the event would end the process. The next query opens a new one,
    // and /api/ready reports the database while it is unreachable.
    pool.on('error', () => undefined);
    prepareStatements(pool);
    const timer = queryTimer();
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: timer.log });
    return {
      db,
      kind: 'postgres',
      listen: (channel, handlers) => Promise.resolve(listenOnPostgres(target.databaseUrl, channel, handlers)),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      observeQueries: timer.observe,
      close: () => db.destroy(),
    };
  }
  let pglite: PGlite;
  let unlock = () => Promise.resolve();
  if ('dataDir' in target) {
    await makePrivateFolder(target.dataDir);
    unlock = await lockDataDir(target.dataDir);
    try {
      pglite = await PGlite.create(target.dataDir, { parsers: { [int8TypeId]: (value: string) => value } });
    } catch (error) {
      await unlock();
      throw error;
    }
  } else {
    const parsers = { [int8TypeId]: (value: string) => value };
    pglite = await PGlite.create(target.loadDataDir === undefined ? { parsers } : { parsers, loadDataDir: target.loadDataDir });
  }
  const timer = queryTimer();
  const db = new Kysely<Database>({ dialect: new TurnTakingPGliteDialect({ pglite }), log: timer.log });
  return {
    db,
    kind: 'pglite',
    observeQueries: timer.observe,
    listen: (channel, handlers) => listenOnPglite(pglite, channel, handlers),
    dumpDataDir: () => pglite.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      await unlock();
    },
  };
}

/**
 * PGlite runs each statement synchronously in this thread. Without a pause, every request read in one
 * turn of the event loop ran to its answer before the loop read the sockets again, so a request that
 * arrived just after a turn began waited for the whole turn and then its own place in the next: up to
 * twice the queue's length at 50 connections (p99 about twice the mean). Each statement or transaction,
 * once it is next, now waits one turn of the loop before it runs: the loop reads every request that
 * arrived meanwhile, and those queue behind it for the one connection (Kysely's lock, first come first
 * served) in the order they arrived. The turn costs microseconds; a transfer takes about a millisecond.
 */
class TurnTakingPGliteDialect extends PGliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const acquireConnection = driver.acquireConnection.bind(driver);
    driver.acquireConnection = async (options): Promise<DatabaseConnection> => {
      await new Promise((resolve) => setImmediate(resolve));
      return acquireConnection(options);
    };
    return driver;
  }
}

/** Fails with a readable message when the database cannot be reached. */
export async function checkConnection(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

export function migrator(db: Db): Migrator {
  // Migration numbers are taken by streams of work ahead of time and can land out of order (0015 before 0013):
  // a database that already ran a higher number still runs a lower one it lacks. Each stands on its own.
  return new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
}

/** The numbered migrations, then every database function whose file changed (decision 040). */
export async function migrateToLatest(db: Db): Promise<void> {
  // The usual start: nothing to do. One read instead of the migrator's table checks and lock (about a second on PGlite).
  if (!(await everyMigrationRecorded(db))) {
    const { error, results } = await migrator(db).migrateToLatest();
    const failed = results?.find((result) => result.status === 'Error');
    if (error !== undefined) {
      throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
    }
  }
  await applyChangedFunctions(db);
}

/** True when the migrator's own table lists every migration this build knows; false when it does not exist yet. */
async function everyMigrationRecorded(db: Db): Promise<boolean> {
  const known = Object.keys(await migrationProvider.getMigrations());
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const recorded = new Set(rows.map((row) => row.name));
    return known.every((name) => recorded.has(name));
  } catch {
    return false;
  }
}

/** True when every known migration has been applied. */
export async function migrationsCurrent(db: Db): Promise<boolean> {
  const migrations = await migrator(db).getMigrations();
  return migrations.every((migration) => migration.executedAt !== undefined);
}
