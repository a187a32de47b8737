import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';

/**
 * The database's functions, each defined once, in the `.sql` file of its name beside this one: one
 * `create or replace function` statement a file (PGlite runs one statement a prepared call). Migrations
 * keep the schema's history; a function's body lives only in its file. The migration that brought a
 * function in defines it from the file (a trigger needs its function), and `applyChangedFunctions`
 * re-applies a file whose text changed since it was last applied, so a fresh database and one that
 * ran every migration end with the same, current functions (decision 040).
 *
 * Listed here rather than read from the folder, like the migrations, so the list is reviewed with
 * the code. A function's arguments or result type cannot change with `create or replace`: such a
 * change needs a migration that drops the old one first.
 */
export const functionNames = [
  'journal_hash',
  'ledger_refuse_change',
  'ledger_assert_balanced',
  'audit_log_is_append_only',
  'orders_are_kept',
  'wallet_partner_transfer',
  'wallet_transfer',
  'wallet_transfers',
  'business_zone_of',
  'business_day_start',
  'business_day_end',
  'business_date_of',
  'operator_work_changed',
] as const;

export type FunctionName = (typeof functionNames)[number];

export interface FunctionDefinition {
  name: FunctionName;
  text: string;
  /** SHA-256 of the file's text: what the database records as applied. */
  sha256: string;
}

const definitions = new Map<FunctionName, FunctionDefinition>();

export function functionDefinition(name: FunctionName): FunctionDefinition {
  let definition = definitions.get(name);
  if (definition === undefined) {
    const text = readFileSync(new URL(`./${name}.sql`, import.meta.url), 'utf8');
    definition = { name, text, sha256: createHash('sha256').update(text).digest('hex') };
    definitions.set(name, definition);
  }
  return definition;
}

/** Creates or replaces one function from its file, as it is now. */
export async function defineFunction<Schema>(db: Kysely<Schema>, name: FunctionName): Promise<void> {
  await sql.raw(functionDefinition(name).text).execute(db);
}
