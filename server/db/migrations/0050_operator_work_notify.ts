import { type Kysely, sql } from 'kysely';
import { defineFunction } from '../functions/index.ts';

/**
 * The back office's counts of waiting work (issue 35) are kept per process and refreshed when the work changes
 * (decision 065): a row entering, leaving or changing state in a queue announces it on `operator_work` once its
 * transaction commits, whichever process or script made the change.
 * Each trigger names its table's state column, and for transfers the one state that concerns an operator
 * (server/db/functions/operator_work_changed.sql says why).
 */
const queues: readonly { table: string; column: string; only?: string }[] = [
  { table: 'order_notices', column: 'status' },
  { table: 'users', column: 'verification_status' },
  { table: 'withdrawals', column: 'status' },
  { table: 'refunds', column: 'status' },
  { table: 'member_adjustments', column: 'status' },
  // transferStatus.failed: a partner platform that did not answer (the count reads the reason as well).
  { table: 'transaction_records', column: 'status', only: '3' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await defineFunction(db, 'operator_work_changed');
  for (const { table, column, only } of queues) {
    const args = only === undefined ? sql.lit(column) : sql.join([sql.lit(column), sql.lit(only)]);
    await sql`create trigger ${sql.raw(`${table}_operator_work`)} after insert or update of ${sql.ref(column)} or delete
      on ${sql.table(table)} for each row execute function operator_work_changed(${args})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of queues) await sql`drop trigger ${sql.raw(`${table}_operator_work`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function operator_work_changed()`.execute(db);
}
