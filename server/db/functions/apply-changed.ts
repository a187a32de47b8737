import { sql } from 'kysely';
import { lockUntilCommit } from '../advisory-lock.ts';
import type { Db } from '../database.ts';
import { functionDefinition, functionNames, type FunctionDefinition } from './index.ts';

/** The functions whose file's text is not the one the database last applied (migration 0030 keeps the record). */
async function changedFunctions(db: Db): Promise<FunctionDefinition[]> {
  const { rows } = await sql<{ name: string; sha256: string }>`select name, sha256 from database_functions`.execute(db);
  const applied = new Map(rows.map((row) => [row.name, row.sha256]));
  return functionNames.map(functionDefinition).filter((definition) => applied.get(definition.name) !== definition.sha256);
}

/**
 * Brings every function to its file's text, after the numbered migrations: on the usual start one read
 * finds nothing to do. Processes starting together queue on one lock and the later ones find the work
 * done. All or nothing: one transaction, so a function that fails to compile leaves the others as they were.
 */
export async function applyChangedFunctions(db: Db): Promise<void> {
  if ((await changedFunctions(db)).length === 0) return;
  await db.transaction().execute(async (trx) => {
    await lockUntilCommit(trx, 'database-functions');
    for (const definition of await changedFunctions(trx)) {
      await sql.raw(definition.text).execute(trx);
      await sql`insert into database_functions (name, sha256) values (${definition.name}, ${definition.sha256})
        on conflict (name) do update set sha256 = excluded.sha256, applied_at = now()`.execute(trx);
    }
  });
}
