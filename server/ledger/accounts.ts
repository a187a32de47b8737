import type { Db } from '../db/database.ts';
import type { AccountKind } from '../db/schema.ts';

/** What an account is: its stable key names it, so it is found or opened by meaning, never twice. */
export interface AccountRef {
  key: string;
  kind: AccountKind;
  userId: number | null;
  partnerCityId: number | null;
}

const system = (kind: AccountKind): AccountRef => ({ key: `system:${kind}`, kind, userId: null, partnerCityId: null });

export const accounts = {
  memberMain: (userId: number): AccountRef => ({ key: `member:${userId}:main`, kind: 'member_main', userId, partnerCityId: null }),
  memberPartner: (userId: number, partnerCityId: number): AccountRef => ({
    key: `member:${userId}:partner:${partnerCityId}`,
    kind: 'member_partner',
    userId,
    partnerCityId,
  }),
  /** Money received by bank remittance and not yet anyone's: runs negative as members are credited. */
  remittanceClearing: (): AccountRef => system('remittance_clearing'),
  /** One engine room's recorded revenue: income is paid only out of it, so it never runs negative. */
  engineRoomRevenue: (engineRoomId: number): AccountRef => ({
    key: `engine_room:${engineRoomId}:revenue`,
    kind: 'engine_room_revenue',
    userId: null,
    partnerCityId: null,
  }),
  incomePaid: (): AccountRef => system('income_paid'),
  /**
   * Members' confirmed order payments (decision 009): a purchase, not a wallet balance. Kept apart
   * from every engine room's revenue account, so income can never be paid out of it.
   */
  orderSales: (): AccountRef => system('order_sales'),
  withdrawalsHeld: (): AccountRef => system('withdrawals_held'),
  refundsOwed: (): AccountRef => system('refunds_owed'),
  /** Customer service's hand credits (it runs negative: points the business gave) and debits (decision 060). */
  customerAdjustments: (): AccountRef => system('customer_adjustments'),
  /** Points sent to an external partner that has not answered yet. */
  partnerInTransit: (partnerCityId: number): AccountRef => ({
    key: `partner:${partnerCityId}:in_transit`,
    kind: 'partner_in_transit',
    userId: null,
    partnerCityId,
  }),
  /** What has passed to (positive) or come back from (negative) an external partner's own books. */
  partnerSettlement: (partnerCityId: number): AccountRef => ({
    key: `partner:${partnerCityId}:settlement`,
    kind: 'partner_settlement',
    userId: null,
    partnerCityId,
  }),
};

/** Accounts that face the outside world; every other account holds someone's money and never goes below zero. */
export const mayRunNegative: ReadonlySet<AccountKind> = new Set([
  'remittance_clearing',
  'income_paid',
  'partner_settlement',
  'customer_adjustments',
]);

/**
 * The ids of the given accounts, opening those that do not exist yet, in the order given.
 * Opening is an insert that ignores a concurrent twin, so two requests never open one account twice.
 */
export async function ensureAccounts(trx: Db, refs: readonly AccountRef[]): Promise<number[]> {
  const keys = refs.map((ref) => ref.key);
  const found = new Map<string, number>();
  const existing = await trx.selectFrom('ledger_accounts').select(['id', 'key']).where('key', 'in', keys).execute();
  for (const row of existing) found.set(row.key, row.id);
  const missing = refs.filter((ref) => !found.has(ref.key));
  if (missing.length > 0) {
    await trx
      .insertInto('ledger_accounts')
      .values(missing.map((ref) => ({ key: ref.key, kind: ref.kind, user_id: ref.userId, partner_city_id: ref.partnerCityId })))
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    const opened = await trx
      .selectFrom('ledger_accounts')
      .select(['id', 'key'])
      .where(
        'key',
        'in',
        missing.map((ref) => ref.key),
      )
      .execute();
    for (const row of opened) found.set(row.key, row.id);
  }
  return keys.map((key) => {
    const id = found.get(key);
    if (id === undefined) throw new Error(`ledger account ${key} could not be opened`);
    return id;
  });
}

/** An account's cached balance; zero for an account never opened. */
export async function balanceOf(db: Db, ref: AccountRef): Promise<bigint> {
  const row = await db.selectFrom('ledger_accounts').select('balance').where('key', '=', ref.key).executeTakeFirst();
  return row === undefined ? 0n : BigInt(row.balance);
}

export interface MemberBalances {
  main: bigint;
  /** By partner city id; a city missing here has a zero balance. */
  partners: Map<number, bigint>;
}

export async function memberBalances(db: Db, userId: number): Promise<MemberBalances> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', 'partner_city_id', 'balance'])
    .where('user_id', '=', userId)
    .execute();
  const balances: MemberBalances = { main: 0n, partners: new Map() };
  for (const row of rows) {
    if (row.kind === 'member_main') balances.main = BigInt(row.balance);
    else if (row.partner_city_id !== null) balances.partners.set(row.partner_city_id, BigInt(row.balance));
  }
  return balances;
}
