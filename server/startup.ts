import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';

/** A start-up that cannot go on, told to the operator in one line (server/start.ts). */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** The database the configuration names: PostgreSQL at DATABASE_URL, else the embedded one in the data folder. */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return openDatabase(config.databaseUrl === undefined ? { dataDir: config.dataDir } : { databaseUrl: config.databaseUrl });
}
