import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { NO_MIGRATIONS } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember, insertUser, points } from '../../../tests/helpers/ledger.ts';
import { databaseKinds, openUnmigratedDatabase } from '../../../tests/helpers/test-app.ts';
import { seedDatabase } from '../../seed.ts';
import { accounts, ensureAccounts } from '../../ledger/accounts.ts';
import { migrateToLatest, migrator, type Db, type DatabaseHandle } from '../database.ts';
import { functionDefinition, functionNames } from '../functions/index.ts';

/** Every function of the public schema with its body, as the database holds it. */
async function functionsInDatabase(db: Db): Promise<Record<string, string>> {
  const { rows } = await sql<{ name: string; body: string }>`select p.proname as name, p.prosrc as body
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by p.proname`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, row.body]));
}

/** Each function as its file defines it: the body between the file's dollar quotes. */
function functionsOnFile(): Record<string, string> {
  const bodyOf = (text: string) => text.slice(text.indexOf('$$') + 2, text.lastIndexOf('$$'));
  return Object.fromEntries(functionNames.map((name) => [name, bodyOf(functionDefinition(name).text)]).sort());
}

async function tablesInDatabase(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = 'public' and table_name not like 'kysely_%' order by 1`.execute(db);
  return rows.map((row) => row.name);
}

/** A member who moved points into a partner wallet: rows in the ledger, the transfer records and the audit log. */
async function memberWithATransfer(db: Db): Promise<void> {
  const userId = await insertUser(db);
  await fundMember(db, userId, points(500));
  const { rows } = await sql<{ outcome: string }>`select t.outcome from partner_cities c,
    wallet_transfer(${userId}, c.id, 'deposit', ${points(200).toString()}::bigint, ${randomUUID()}, 'hash', 'main', 'partner') t
    where c.kind = 'internal' and c.disabled_at is null order by c.id limit 1`.execute(db);
  expect(rows).toEqual([{ outcome: 'created' }]);
  await sql`insert into audit_log (action, subject_type, subject_id) values ('test.row', 'user', ${String(userId)})`.execute(db);
}

/** Migrating the whole schema takes seconds on PGlite, and each test does it once or twice on a shared machine. */
const slowMs = 240_000;

describe.each(databaseKinds())('migrations on %s', (kind) => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, close } = await openUnmigratedDatabase(kind));
    await migrateToLatest(database.db);
    await seedDatabase(database.db);
    await memberWithATransfer(database.db);
  }, slowMs);
  afterAll(async () => {
    await close();
  });

  it('leaves a new database with exactly the functions of server/db/functions, each as its file defines it', async () => {
    expect(await functionsInDatabase(database.db)).toEqual(functionsOnFile());
  });

  it(
    'goes down every migration with rows in place, leaves nothing behind, and comes up again to the same functions',
    async () => {
      const down = await migrator(database.db).migrateTo(NO_MIGRATIONS);
      expect(down.error).toBeUndefined();
      expect(down.results?.length).toBe(Object.keys(await migrator(database.db).getMigrations()).length);
      expect(await tablesInDatabase(database.db)).toEqual([]);
      expect(await functionsInDatabase(database.db)).toEqual({});

      await migrateToLatest(database.db);
      await seedDatabase(database.db);
      await memberWithATransfer(database.db);
      expect(await functionsInDatabase(database.db)).toEqual(functionsOnFile());
    },
    slowMs,
  );

  it(
    'brings a database that ran every migration before the function files to the current functions',
    async () => {
      // As such a database stands: no record of applied functions, older bodies, no journal_hash.
      expect((await migrator(database.db).migrateTo('0029_audit_log_lookups')).error).toBeUndefined();
      // The functions brought in by 0030 and later are not there yet: 0031's business days need their table.
      const later = ['journal_hash', 'business_zone_of', 'business_day_start', 'business_day_end', 'business_date_of'];
      for (const name of functionNames.filter((name) => !later.includes(name))) {
        await sql.raw(functionDefinition(name).text.replace(/\$\$\s*$/, '-- an older body\n$$$$')).execute(database.db);
      }
      expect(await functionsInDatabase(database.db)).not.toEqual(functionsOnFile());

      await migrateToLatest(database.db);
      expect(await functionsInDatabase(database.db)).toEqual(functionsOnFile());
      await memberWithATransfer(database.db);
    },
    slowMs,
  );

  it(
    'refuses to undo migration 0006 once an order has been confirmed, and says why',
    async () => {
      await ensureAccounts(database.db, [accounts.orderSales()]);
      const down = await migrator(database.db).migrateTo(NO_MIGRATIONS);
      expect(String(down.error)).toContain('Migration 0006 cannot be undone once an order has been confirmed');
      expect(down.results?.find((result) => result.status === 'Error')?.migrationName).toBe('0006_orders_payments');
    },
    slowMs,
  );
});
