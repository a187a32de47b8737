import type { Db } from '../db/database.ts';
import { newestFirstInBatches } from '../db/newest-first-batches.ts';
import { pageOffset, perPageDefault } from '../http/paging.ts';

export interface StatementLine {
  entry_id: string;
  journal_id: string;
  created_at: Date;
  kind: string;
  wallet: 'main' | 'partner';
  partner_city: { id: number; name: string } | null;
  /** Signed ten-thousandths: positive in, negative out. */
  amount: bigint;
}

const lines = (db: Db, userId: number) =>
  db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_journals as j', 'j.id', 'e.journal_id')
    .leftJoin('partner_cities as c', 'c.id', 'a.partner_city_id')
    .select(['e.id', 'e.journal_id', 'j.created_at', 'j.kind', 'a.kind as account_kind', 'a.partner_city_id', 'c.name', 'e.amount'])
    .where('a.user_id', '=', userId);

/** One page of every ledger entry that touched the member's wallets, newest first. */
export async function pageStatement(db: Db, userId: number, page: number): Promise<{ total: number; rows: StatementLine[] }> {
  const [counted, rows] = await Promise.all([
    db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('a.user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    lines(db, userId).orderBy('e.id', 'desc').limit(perPageDefault).offset(pageOffset(page)).execute(),
  ]);
  return { total: Number(counted.total), rows: rows.map(toLine) };
}

/** Every line of the member's statement, newest first, read in batches. */
export async function* wholeStatement(db: Db, userId: number): AsyncGenerator<StatementLine> {
  const rows = newestFirstInBatches((before, limit) => {
    const query = lines(db, userId).orderBy('e.id', 'desc').limit(limit);
    return (before === undefined ? query : query.where('e.id', '<', before)).execute();
  });
  for await (const row of rows) yield toLine(row);
}

function toLine(row: {
  id: string;
  journal_id: string;
  created_at: Date;
  kind: string;
  account_kind: string;
  partner_city_id: number | null;
  name: string | null;
  amount: string;
}): StatementLine {
  return {
    entry_id: row.id,
    journal_id: row.journal_id,
    created_at: new Date(row.created_at),
    kind: row.kind,
    wallet: row.account_kind === 'member_main' ? 'main' : 'partner',
    partner_city: row.partner_city_id === null ? null : { id: row.partner_city_id, name: row.name ?? '' },
    amount: BigInt(row.amount),
  };
}
