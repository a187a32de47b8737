import { type Kysely, sql } from 'kysely';
import { defineFunction } from '../functions/index.ts';

/**
 * The transfer's last separate round trip folded into its function: the API read the partner city
 * (does it exist, is it internal, is it disabled) before calling wallet_partner_transfer (migration
 * 0011), so every transfer paid two. `wallet_transfer` reads the city and, for an internal city that
 * takes the transfer, calls wallet_partner_transfer in the same statement. The new outcomes write
 * nothing and leave every other column empty: 'no_city' (no such partner city), 'external' (the
 * city's own platform answers; the API takes its other path) and 'disabled' (a disabled city takes
 * no deposits, decision 029; its balances can still be moved out). Its body lives in
 * server/db/functions/wallet_transfer.sql (decision 040).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await defineFunction(db, 'wallet_transfer');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function wallet_transfer(integer, integer, text, bigint, text, text, text, text)`.execute(db);
}
