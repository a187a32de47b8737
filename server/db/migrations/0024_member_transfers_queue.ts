import type { Kysely } from 'kysely';

/**
 * One member's transfers queue for their turn in arrival order. Many transfers on one member waited
 * for that member's account rows, and a row lock is no queue: at each commit every waiter woke, and
 * whichever reached the row first took it, so some waited far longer than the rest (10 at once on one
 * member, straight from pgbench: p99 41-46 ms against a mean of about 9). `wallet_partner_transfer`
 * (migration 0011) now first takes an advisory lock named by the member (the two-key form, a space
 * no other lock of the product uses), which PostgreSQL grants in the order it was asked for, one
 * waiter woken at a time; then it locks the rows as before. Only this function takes it, always before
 * any row, and every other writer of the ledger still locks the rows in ascending id, so no new wait
 * can close a cycle. The rows' locks still keep every writer apart; the balance floor, the journal
 * check and the immutability triggers are unchanged, and so is everything else the function does.
 *
 * The function now has one definition, server/db/functions/wallet_partner_transfer.sql (decision 040),
 * which migration 0011 defines and the runner keeps current: this migration's copy of the body went
 * with it, and nothing is left for it to do either way. It stays listed because databases have
 * recorded it.
 */
export async function up(_db: Kysely<unknown>): Promise<void> {
  // The member's turn is part of wallet_partner_transfer.sql.
}

export async function down(_db: Kysely<unknown>): Promise<void> {
  // The turn is not taken out of the function again: its one definition is the current file.
}
