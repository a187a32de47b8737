import { createHash } from 'node:crypto';
import { statementBytesMax, statementLinesMax, type StatementLineProblem, type StatementLineState } from '../../contract/reconciliation.ts';
import type { RefusalCode } from '../../contract/refusals.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { ApiError, notFound } from '../shared/errors.ts';
import { guessMapping, mappingFits, readStatement, statementHeader, type StatementLine, type StatementMapping } from './statement-csv.ts';
import { matchCredits, type WaitingNotice } from './statement-match.ts';
import {
  accountExists,
  confirmedByHandFor,
  findStatement,
  formatOf,
  importedPrints,
  insertStatement,
  linesOf,
  saveFormat,
  waitingNoticesFor,
} from './statements.repository.ts';

export const accountNotFoundMessage = 'Receiving account not found';
export const statementTooLargeMessage = `A statement file may be at most ${statementBytesMax / 1024} KB`;
export const statementTooManyLinesMessage = `A statement file may have at most ${statementLinesMax} lines`;
export const statementUnreadableMessage = 'The file is not a CSV with a header and lines (check for an unclosed quote)';
export const statementUnmappedMessage = 'Choose the columns for date, amount, payer name and reference from this file’s header';
export const statementImportedBeforeMessage = 'Every line of this file was imported before: nothing new';
export const statementNotFoundMessage = 'Statement not found';

export interface StatementFile {
  accountId: number;
  fileName: string;
  text: string;
  /** The operator's choice; without it the account's remembered mapping, else a guess from the header. */
  mapping?: StatementMapping | undefined;
}

/** A line as read, with what became of it and, when matched, its notice. */
export interface JudgedLine {
  line: StatementLine;
  state: StatementLineState;
  notice?: WaitingNotice | undefined;
  /** A stored line's id; absent in a preview. */
  id?: string | undefined;
  /** The order its payment confirmed, once confirmed. */
  confirmedOrder?: { id: string; orderNumber: string; at: Date } | undefined;
}

export interface StatementCheck {
  header: string[];
  mapping: StatementMapping;
  /** Why the file cannot be imported as mapped; null when it can. */
  problem: 'empty' | 'quote' | 'mapping' | 'too_many_lines' | null;
  fileSha256: string;
  lines: JudgedLine[];
}

const unreadable: Record<Exclude<StatementCheck['problem'], null>, [RefusalCode, string]> = {
  empty: ['statement_unreadable', statementUnreadableMessage],
  quote: ['statement_unreadable', statementUnreadableMessage],
  mapping: ['statement_columns_unmapped', statementUnmappedMessage],
  too_many_lines: ['statement_too_many_lines', statementTooManyLinesMessage],
};

/** Reads and judges a file against the notices waiting now; nothing is stored (decision 059). */
export async function checkStatement(db: Db, file: StatementFile): Promise<StatementCheck> {
  if (!(await accountExists(db, file.accountId))) throw notFound('receiving_account_not_found', accountNotFoundMessage);
  if (Buffer.byteLength(file.text, 'utf8') > statementBytesMax) throw new ApiError(413, 'statement_too_large', statementTooLargeMessage);
  const header = statementHeader(file.text);
  const mapping = file.mapping ?? (await rememberedMapping(db, file.accountId, header)) ?? guessMapping(header);
  const fileSha256 = createHash('sha256').update(file.text).digest('hex');
  const read = readStatement(file.text, mapping, statementLinesMax);
  if (!read.ok) return { header: read.header.length > 0 ? read.header : header, mapping, problem: read.problem, fileSha256, lines: [] };
  const before = await importedPrints(
    db,
    file.accountId,
    read.lines.map((line) => line.fingerprint),
  );
  const lines = await judge(db, file.accountId, read.lines, (line) => before.has(line.fingerprint));
  return { header: read.header, mapping, problem: null, fileSha256, lines };
}

async function rememberedMapping(db: Db, accountId: number, header: readonly string[]): Promise<StatementMapping | undefined> {
  const stored = await formatOf(db, accountId);
  if (stored === undefined) return undefined;
  const mapping = JSON.parse(stored) as StatementMapping;
  return mappingFits(mapping, header) ? mapping : undefined;
}

/** Imports the file: every new line stored, the mapping remembered for the account, the import audited. */
export async function importStatement(
  db: Db,
  operatorId: number,
  file: StatementFile,
): Promise<{ statementId: string; check: StatementCheck }> {
  const check = await checkStatement(db, file);
  if (check.problem !== null) {
    const [code, message] = unreadable[check.problem];
    throw new ApiError(422, code, message);
  }
  const fresh = check.lines.filter((judged) => judged.state !== 'imported_before').map((judged) => judged.line);
  if (fresh.length === 0) throw new ApiError(409, 'statement_imported_before', statementImportedBeforeMessage);
  const statementId = await db.transaction().execute(async (trx) => {
    const now = new Date();
    const id = await insertStatement(
      trx,
      { accountId: file.accountId, fileName: file.fileName, fileSha256: check.fileSha256, linesTotal: check.lines.length, operatorId },
      fresh,
    );
    await saveMapping(trx, file.accountId, check.mapping, operatorId, now);
    await recordAudit(trx, {
      operatorId,
      action: 'bank_statement.import',
      subjectType: 'bank_statement',
      subjectId: id,
      after: {
        file_name: file.fileName,
        file_sha256: check.fileSha256,
        remittance_account_id: file.accountId,
        lines_total: check.lines.length,
        lines_stored: fresh.length,
      },
    });
    return id;
  });
  return { statementId, check };
}

async function saveMapping(trx: Db, accountId: number, mapping: StatementMapping, operatorId: number, now: Date) {
  await saveFormat(trx, accountId, JSON.stringify({ columns: mapping.columns, dateOrder: mapping.dateOrder }), operatorId, now);
}

/** A stored statement with each line judged against the notices waiting now. */
export async function statementView(db: Db, id: string) {
  const statement = await findStatement(db, id);
  if (statement === undefined) throw notFound('statement_not_found', statementNotFoundMessage);
  const rows = await linesOf(db, id);
  const stored = rows.map((row) => ({
    id: row.id,
    confirmed:
      row.confirmed_order_id === null
        ? undefined
        : { id: row.confirmed_order_id, orderNumber: row.confirmed_order_number ?? '', at: new Date(row.confirmed_at ?? 0) },
    line: {
      line: row.line,
      bookedOn: row.booked_on,
      amount: row.amount === null ? null : BigInt(row.amount),
      payerName: row.payer_name,
      reference: row.reference,
      payerAccount: row.payer_account,
      lastFive: row.last_five,
      problems: JSON.parse(row.problems) as StatementLineProblem[],
      fingerprint: '',
    } satisfies StatementLine,
  }));
  const judged = await judge(
    db,
    statement.remittance_account_id,
    stored.map((row) => row.line),
    (_line, index) => stored[index]?.confirmed !== undefined,
    'confirmed',
  );
  const lines = judged.map((judgement, index) => ({ ...judgement, id: stored[index]?.id, confirmedOrder: stored[index]?.confirmed }));
  return { statement, lines };
}

/**
 * What became of each line: unreadable, not a credit, set aside by `settled` (imported before, or
 * already confirmed), or matched against the notices waiting for its amount.
 */
async function judge(
  db: Db,
  accountId: number,
  lines: readonly StatementLine[],
  settled: (line: StatementLine, index: number) => boolean,
  settledState: 'imported_before' | 'confirmed' = 'imported_before',
): Promise<JudgedLine[]> {
  const first = lines.map((line, index): JudgedLine | undefined => {
    if (line.problems.length > 0) return { line, state: 'bad' };
    if (settled(line, index)) return { line, state: settledState };
    if (line.amount === null || line.amount <= 0n) return { line, state: 'not_credit' };
    return undefined;
  });
  const credits = lines.filter((_line, index) => first[index] === undefined);
  const notices = await waitingNoticesFor(
    db,
    accountId,
    credits.map((line) => line.amount ?? 0n),
  );
  const matches = matchCredits(
    credits.map((line) => ({ amount: line.amount ?? 0n, lastFive: line.lastFive, payerName: line.payerName })),
    notices,
  );
  let next = 0;
  const judged = lines.map((line, index): JudgedLine => {
    const decided = first[index];
    if (decided !== undefined) return decided;
    const match = matches[next++] ?? { state: 'no_notice' as const };
    return { line, state: match.state, notice: match.notice };
  });
  return settledByHand(db, accountId, judged);
}

/** How long before a line's booking day its notice may have been sent: a member notifies after paying, rarely weeks after. */
const noticeBeforeLineDays = 14;

/**
 * A credit with no notice waiting may be one an operator already confirmed by hand in the payments queue: it is told
 * apart from money nobody has accounted for when exactly one such notice fits its amount, last five digits and payer's
 * name, by the same rule as a match (statement-match.ts), and no other line claims it.
 */
async function settledByHand(db: Db, accountId: number, judged: JudgedLine[]): Promise<JudgedLine[]> {
  const open = judged.filter((judgement) => judgement.state === 'no_notice');
  const days = open.flatMap(({ line }) => (line.bookedOn === null ? [] : [line.bookedOn])).sort();
  if (open.length === 0 || days[0] === undefined) return judged;
  const since = new Date(Date.parse(`${days[0]}T00:00:00Z`) - noticeBeforeLineDays * 86_400_000);
  const confirmed = await confirmedByHandFor(
    db,
    accountId,
    open.map(({ line }) => line.amount ?? 0n),
    since,
  );
  const found = matchCredits(
    open.map(({ line }) => ({ amount: line.amount ?? 0n, lastFive: line.lastFive, payerName: line.payerName })),
    confirmed,
  );
  const byLine = new Map(open.map((judgement, index) => [judgement, found[index]]));
  return judged.map((judgement) => {
    const match = byLine.get(judgement);
    return match?.state === 'matched' ? { ...judgement, state: 'confirmed_by_hand', notice: match.notice } : judgement;
  });
}

export { accountsWithFormats, countStatements, listStatements } from './statements.repository.ts';
