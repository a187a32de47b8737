import { type Kysely, sql } from 'kysely';
import { defineFunction } from '../functions/index.ts';

/**
 * Transfers that arrive while another is being written go to the database together, as one
 * statement and one commit (decision 034). Each still runs `wallet_transfer` (migrations 0022,
 * 0011, 0024), in arrival order, so it checks its key, its city and its balance exactly as alone and
 * sees the effect of the ones before it; the ledger's triggers and the balance floor still judge
 * every row.
 *
 * What a batch adds is the order of its locks. Alone, a transfer holds one member's locks; a batch
 * holds several members' at once, so it takes every lock it will need before moving anything, in
 * the order every other holder takes them: first the idempotency keys' locks (ascending by their
 * hash, as a lone transfer takes its key's before anything else), then the accounts it must open
 * (in key order, as a lone transfer opens them before its turn: opened later, a batch holding a
 * member's turn waited for a lone transfer's uncommitted account while that transfer waited for the
 * turn, a deadlock three processes found), then the members' turn locks (ascending by member), then
 * all those members' ledger rows (ascending by id, the order every journal takes). Nothing then
 * waits in a different order, so no cycle can form. The `ordinal` column says which request each
 * row answers.
 *
 * `wallet_partner_transfer` itself does the same work in fewer statements, each of which PostgreSQL
 * starts, runs and ends on its own: both accounts found in one read, both locked and the balance read
 * in one, and the journal, its entries, the balances and the record written in one statement (the
 * foreign keys, the balance trigger and the floor are checked at its end, as they were at the end of
 * each of the four). A transfer alone went from about
 * 1,210 to 1,380 a second straight from pgbench on the machine of decision 034.
 *
 * Both bodies live in server/db/functions (decision 040): this migration defines `wallet_transfers`
 * from its file; the faster `wallet_partner_transfer` is that function's file as it stands, which
 * the runner applies, so its way down no longer restores the slower body.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await defineFunction(db, 'wallet_transfers');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function wallet_transfers(integer[], integer[], text[], bigint[], text[], text[], text, text)`.execute(db);
}
