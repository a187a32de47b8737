import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { orderStatus } from '../../contract/statuses.ts';
import type { WaitingNotice } from './statement-match.ts';
import type { StatementLine } from './statement-csv.ts';

/** The receiving accounts a statement can belong to, each with its remembered column mapping (JSON text) when there is one. */
export async function accountsWithFormats(db: Db) {
  return db
    .selectFrom('remittance_accounts as account')
    .leftJoin('bank_statement_formats as format', 'format.remittance_account_id', 'account.id')
    .select(['account.id', 'account.bank_name', 'account.account_number', 'account.enabled', 'account.demo', 'format.mapping'])
    .orderBy('account.position')
    .orderBy('account.id')
    .execute();
}

export async function accountExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('remittance_accounts').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function formatOf(db: Db, accountId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('bank_statement_formats')
    .select('mapping')
    .where('remittance_account_id', '=', accountId)
    .executeTakeFirst();
  return row?.mapping;
}

export async function saveFormat(db: Db, accountId: number, mapping: string, operatorId: number, now: Date): Promise<void> {
  await db
    .insertInto('bank_statement_formats')
    .values({ remittance_account_id: accountId, mapping, updated_by: operatorId, updated_at: now })
    .onConflict((conflict) => conflict.column('remittance_account_id').doUpdateSet({ mapping, updated_by: operatorId, updated_at: now }))
    .execute();
}

/**
 * Notices waiting for confirmation whose order amount is one of `amounts`, paid into this account
 * (or into an account the member did not name). The real name is given only once it is verified.
 */
export async function waitingNoticesFor(db: Db, accountId: number, amounts: readonly bigint[]): Promise<WaitingNotice[]> {
  if (amounts.length === 0) return [];
  const rows = await noticesFor(db, accountId, amounts)
    .where('notice.status', '=', 'pending')
    .where('orders.status', '=', orderStatus.waitingConfirmation)
    .execute();
  return rows.map(waitingNotice);
}

/**
 * Notices an operator confirmed by hand (in the payments queue, not from a statement line) since `since`, whose order
 * amount is one of `amounts`, paid into this account or one the member did not name: what a credit line with no
 * notice waiting may already have been settled by.
 */
export async function confirmedByHandFor(db: Db, accountId: number, amounts: readonly bigint[], since: Date): Promise<WaitingNotice[]> {
  if (amounts.length === 0) return [];
  const rows = await noticesFor(db, accountId, amounts)
    .where('notice.status', '=', 'confirmed')
    .where('notice.created_at', '>=', since)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('bank_statement_lines as line').select('line.id').whereRef('line.confirmed_order_id', '=', 'notice.order_id'),
        ),
      ),
    )
    .execute();
  return rows.map(waitingNotice);
}

function noticesFor(db: Db, accountId: number, amounts: readonly bigint[]) {
  return db
    .selectFrom('order_notices as notice')
    .innerJoin('orders', 'orders.id', 'notice.order_id')
    .innerJoin('users', 'users.id', 'notice.user_id')
    .select([
      'notice.id as notice_id',
      'notice.order_id',
      'notice.account_back_five',
      'orders.order_number',
      'orders.amount',
      'users.id as member_id',
      'users.username',
      'users.realname',
      'users.verification_status',
    ])
    .where('orders.amount', 'in', [...new Set(amounts.map(String))])
    .where((eb) => eb.or([eb('notice.remittance_account_id', '=', accountId), eb('notice.remittance_account_id', 'is', null)]))
    .orderBy('notice.id');
}

function waitingNotice(row: {
  notice_id: string;
  order_id: string;
  account_back_five: string;
  order_number: string;
  amount: string;
  member_id: number;
  username: string;
  realname: string | null;
  verification_status: string;
}): WaitingNotice {
  return {
    notice_id: row.notice_id,
    order_id: row.order_id,
    order_number: row.order_number,
    amount: BigInt(row.amount),
    account_back_five: row.account_back_five,
    member_id: row.member_id,
    username: row.username,
    realname: row.verification_status === 'approved' ? row.realname : null,
  };
}

/** The prints of this account's lines already imported, among `fingerprints`. */
export async function importedPrints(db: Db, accountId: number, fingerprints: readonly string[]): Promise<Set<string>> {
  if (fingerprints.length === 0) return new Set();
  const rows = await db
    .selectFrom('bank_statement_lines')
    .select('fingerprint')
    .where('remittance_account_id', '=', accountId)
    .where('fingerprint', 'in', [...fingerprints])
    .execute();
  return new Set(rows.map((row) => row.fingerprint));
}

export interface NewStatement {
  accountId: number;
  fileName: string;
  fileSha256: string;
  linesTotal: number;
  operatorId: number;
}

export async function insertStatement(db: Db, statement: NewStatement, lines: readonly StatementLine[]): Promise<string> {
  const { id } = await db
    .insertInto('bank_statements')
    .values({
      remittance_account_id: statement.accountId,
      file_name: statement.fileName,
      file_sha256: statement.fileSha256,
      lines_total: statement.linesTotal,
      imported_by: statement.operatorId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (lines.length > 0)
    await db
      .insertInto('bank_statement_lines')
      .values(
        lines.map((line) => ({
          statement_id: id,
          remittance_account_id: statement.accountId,
          line: line.line,
          fingerprint: line.fingerprint,
          booked_on: line.bookedOn,
          amount: line.amount,
          payer_name: line.payerName,
          reference: line.reference,
          payer_account: line.payerAccount,
          last_five: line.lastFive,
          problems: JSON.stringify(line.problems),
        })),
      )
      .execute();
  return id;
}

export async function countStatements(db: Db): Promise<number> {
  const row = await db
    .selectFrom('bank_statements')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const statementColumns = [
  'statement.id',
  'statement.file_name',
  'statement.lines_total',
  'statement.imported_at',
  'statement.remittance_account_id',
  'account.bank_name',
  'account.account_number',
  'operators.username as imported_by',
] as const;

const withAccount = (db: Db) =>
  db
    .selectFrom('bank_statements as statement')
    .innerJoin('remittance_accounts as account', 'account.id', 'statement.remittance_account_id')
    .innerJoin('operators', 'operators.id', 'statement.imported_by');

/** Statements newest first, each with how many of its lines are confirmed. */
export async function listStatements(db: Db, offset: number, limit: number) {
  return withAccount(db)
    .select(statementColumns)
    .select((eb) =>
      eb
        .selectFrom('bank_statement_lines as line')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('line.statement_id', '=', 'statement.id')
        .where('line.confirmed_order_id', 'is not', null)
        .as('lines_confirmed'),
    )
    .orderBy('statement.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function findStatement(db: Db, id: string) {
  return withAccount(db).select(statementColumns).where('statement.id', '=', id).executeTakeFirst();
}

export type StatementLineRow = Awaited<ReturnType<typeof linesOf>>[number];

/** Every stored line of a statement in file order, with the order number its payment confirmed. */
export async function linesOf(db: Db, statementId: string) {
  return db
    .selectFrom('bank_statement_lines as line')
    .leftJoin('orders', 'orders.id', 'line.confirmed_order_id')
    .select([
      'line.id',
      'line.line',
      // The day as written, not a midnight in some zone.
      sql<string | null>`line.booked_on::text`.as('booked_on'),
      'line.amount',
      'line.payer_name',
      'line.reference',
      'line.payer_account',
      'line.last_five',
      'line.problems',
      'line.confirmed_order_id',
      'line.confirmed_at',
      'orders.order_number as confirmed_order_number',
    ])
    .where('line.statement_id', '=', statementId)
    .orderBy('line.line')
    .execute();
}

/** One line under a row lock, so two operators confirming it queue and the second finds it done. */
export async function lockLine(db: Db, statementId: string, lineId: string) {
  return db
    .selectFrom('bank_statement_lines')
    .select([
      'id',
      'line',
      'remittance_account_id',
      'amount',
      'payer_name',
      'reference',
      'payer_account',
      'last_five',
      'problems',
      'confirmed_order_id',
    ])
    .where('statement_id', '=', statementId)
    .where('id', '=', lineId)
    .forUpdate()
    .executeTakeFirst();
}

export async function markLineConfirmed(db: Db, lineId: string, orderId: string, operatorId: number, now: Date): Promise<void> {
  await db
    .updateTable('bank_statement_lines')
    .set({ confirmed_order_id: orderId, confirmed_by: operatorId, confirmed_at: now })
    .where('id', '=', lineId)
    .execute();
}
