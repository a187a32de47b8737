import { sql } from 'kysely';
import type { Db } from '../../server/db/database.ts';

/** What a restore must bring back exactly: the rows that hold money and identity, the photos, and the live site version. */
export async function restoredRows(db: Db) {
  const rows = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows;
  return {
    users: await rows(sql`select id, username, password_hash from users order by id`),
    orders: await rows(sql`select id, order_number, status, amount from orders order by id`),
    ledger: await rows(sql`select id, account_id, amount from ledger_entries order by id`),
    income: await rows(sql`select id, order_id, amount from income_records order by id`),
    uploads: await rows(sql`select id, stored_name, md5(content) as content from uploads order by id`),
    live: await rows(sql`select build_id from site_live`),
  };
}
