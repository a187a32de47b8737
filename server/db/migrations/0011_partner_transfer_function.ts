import { type Kysely, sql } from 'kysely';
import { defineFunction } from '../functions/index.ts';

/**
 * A member's transfer between the main wallet and an internal partner wallet as one database
 * function, so the API pays one round trip per transfer instead of about a dozen (decision 021).
 * It does what the transfer service and postJournal did, in the same order and under the same
 * locks: the idempotency key's advisory lock and look-up, the two accounts opened if new, both
 * locked in ascending id, the balance checked, the journal, its entries and the balances written,
 * and the transfer record kept, or a refusal recorded when the source has too little. The
 * database's own rules still stand behind it: the balance floor CHECK, the per-statement
 * journal-balance trigger and the immutability triggers.
 *
 * Outcomes: 'created' (a new record, completed or refused), 'replayed' (the key's first record),
 * 'conflict' (the key was used for another request; nothing written).
 *
 * The function's body lives in server/db/functions/wallet_partner_transfer.sql (decision 040): this
 * migration defines it as it is now, and migrations 0024 and 0025, which changed it, no longer carry
 * a copy of their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await defineFunction(db, 'wallet_partner_transfer');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function wallet_partner_transfer(integer, integer, text, bigint, text, text, text, text)`.execute(db);
}
