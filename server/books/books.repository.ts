import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { dayEnd, dayStart } from '../db/business-day.ts';
import { oldestFirstInBatches } from '../db/newest-first-batches.ts';
import { withdrawalStatus } from '../../contract/statuses.ts';

/** A range of business days, both ends included, as the operator names them (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/** The instants a range of business days covers, as the days were drawn (decision 047): the start of `from` to the end of `to`. */
function instants(range: Omit<DayRange, 'timeZone'>): { start: RawBuilder<Date>; end: RawBuilder<Date> } {
  return { start: dayStart(sql`${range.from}::date`), end: dayEnd(sql`${range.to}::date`) };
}

export interface JournalLine {
  id: string;
  journal_id: string;
  created_at: Date;
  journal_kind: string;
  memo: string | null;
  account_key: string;
  account_kind: string;
  amount: string;
}

/** Every ledger entry of journals written in the range, with its account, oldest first. */
export function journalLines(db: Db, range: DayRange): AsyncGenerator<JournalLine> {
  const { start, end } = instants(range);
  return oldestFirstInBatches(async (after, limit) => {
    const rows = await sql<JournalLine>`
      select e.id::text as id, j.id::text as journal_id, j.created_at, j.kind as journal_kind, j.memo,
        a.key as account_key, a.kind as account_kind, e.amount::text as amount
      from ledger_journals j
      join ledger_entries e on e.journal_id = j.id
      join ledger_accounts a on a.id = e.account_id
      where j.created_at >= ${start} and j.created_at < ${end} and e.id > ${after ?? '0'}::bigint
      order by e.id
      limit ${limit}`.execute(db);
    return rows.rows;
  });
}

export interface ConfirmedPayment {
  id: string;
  order_number: string;
  username: string;
  paid_at: Date;
  amount: string;
  payer_name: string | null;
  bank_reference: string | null;
}

/** Orders whose payment was confirmed in the range (paid off, or paid and later cancelled), oldest first. */
export function confirmedPayments(db: Db, range: DayRange): AsyncGenerator<ConfirmedPayment> {
  const { start, end } = instants(range);
  return oldestFirstInBatches(async (after, limit) => {
    const rows = await sql<ConfirmedPayment>`
      select o.id::text as id, o.order_number, u.username, o.paid_at, o.amount::text as amount, o.payer_name, o.bank_reference
      from orders o join users u on u.id = o.user_id
      where o.paid_at >= ${start} and o.paid_at < ${end} and o.id > ${after ?? '0'}::bigint
      order by o.id
      limit ${limit}`.execute(db);
    return rows.rows;
  });
}

export interface PaidWithdrawal {
  id: string;
  username: string;
  paid_at: Date;
  amount: string;
  bank_name: string;
  card_last4: string;
  bank_reference: string | null;
}

/** Withdrawals paid out in the range, with the bank and last four digits of the card, oldest first. */
export function paidWithdrawals(db: Db, range: DayRange): AsyncGenerator<PaidWithdrawal> {
  const { start, end } = instants(range);
  return oldestFirstInBatches(async (after, limit) => {
    const rows = await sql<PaidWithdrawal>`
      select w.id::text as id, u.username, w.decided_at as paid_at, w.amount::text as amount, c.bank_name, c.card_last4, w.bank_reference
      from withdrawals w join users u on u.id = w.user_id join bank_cards c on c.id = w.bank_card_id
      where w.status = ${withdrawalStatus.completed} and w.decided_at >= ${start} and w.decided_at < ${end}
        and w.id > ${after ?? '0'}::bigint
      order by w.id
      limit ${limit}`.execute(db);
    return rows.rows;
  });
}

export interface RefundLine {
  id: string;
  order_number: string;
  username: string;
  created_at: Date;
  amount: string;
  payer_name: string;
  bank_reference: string;
  status: string;
}

/** Refunds recorded in the range: what is owed back to whom, and whether it was paid. */
export function refundLines(db: Db, range: DayRange): AsyncGenerator<RefundLine> {
  const { start, end } = instants(range);
  return oldestFirstInBatches(async (after, limit) => {
    const rows = await sql<RefundLine>`
      select r.id::text as id, o.order_number, u.username, r.created_at, r.amount::text as amount, r.payer_name, r.bank_reference,
        r.status::text as status
      from refunds r join orders o on o.id = r.order_id join users u on u.id = r.user_id
      where r.created_at >= ${start} and r.created_at < ${end} and r.id > ${after ?? '0'}::bigint
      order by r.id
      limit ${limit}`.execute(db);
    return rows.rows;
  });
}

export interface IncomeLine {
  id: string;
  business_date: string;
  interest_record_number: string;
  order_number: string;
  username: string;
  engine_room_id: number;
  amount: string;
}

/** Income credited for the business days of the range, one line per order and day. */
export function incomeLines(db: Db, range: DayRange): AsyncGenerator<IncomeLine> {
  return oldestFirstInBatches(async (after, limit) => {
    const rows = await sql<IncomeLine>`
      select r.id::text as id, to_char(r.business_date, 'YYYY-MM-DD') as business_date, r.interest_record_number, o.order_number,
        u.username, r.engine_room_id, r.amount::text as amount
      from income_records r join orders o on o.id = r.order_id join users u on u.id = r.user_id
      where r.business_date between ${range.from}::date and ${range.to}::date and r.id > ${after ?? '0'}::bigint
      order by r.id
      limit ${limit}`.execute(db);
    return rows.rows;
  });
}

/** One business day's close: movements by kind and closing balances, all read from the ledger. */
export interface CloseFigures {
  start: Date;
  end: Date;
  /** Net movement of each kind of account by each kind of journal during the day. */
  movements: { journal_kind: string; account_kind: string; amount: string }[];
  /** Each kind of account's balance at the day's end (engine rooms one by one). */
  balances: { account_kind: string; engine_room_id: number | null; amount: string }[];
}

/**
 * The day's figures, summed from the ledger's entries and nothing else, so they cannot disagree with
 * it. Closing balances sum every entry before the day's end: a report's cost grows with the history.
 */
export async function closeFigures(db: Db, day: string): Promise<CloseFigures> {
  const { start, end } = instants({ from: day, to: day });
  const bounds = await sql<{ start: Date; end: Date }>`select ${start} as start, ${end} as end`.execute(db);
  const movements = await sql<CloseFigures['movements'][number]>`
    select j.kind as journal_kind, a.kind as account_kind, sum(e.amount)::text as amount
    from ledger_journals j join ledger_entries e on e.journal_id = j.id join ledger_accounts a on a.id = e.account_id
    where j.created_at >= ${start} and j.created_at < ${end}
    group by j.kind, a.kind
    order by j.kind, a.kind`.execute(db);
  const balances = await sql<CloseFigures['balances'][number]>`
    select a.kind as account_kind,
      case when a.kind = 'engine_room_revenue' then split_part(a.key, ':', 2)::int end as engine_room_id,
      sum(e.amount)::text as amount
    from ledger_entries e join ledger_journals j on j.id = e.journal_id join ledger_accounts a on a.id = e.account_id
    where j.created_at < ${end}
    group by 1, 2
    order by 1, 2`.execute(db);
  const [range] = bounds.rows;
  if (range === undefined) throw new Error('close figures: no bounds');
  return { start: range.start, end: range.end, movements: movements.rows, balances: balances.rows };
}
