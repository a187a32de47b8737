import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { booksRangeDaysMax } from '../../contract/limits.ts';
import { success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';
import { dateText } from '../revenue/revenue.json.ts';
import { validDate } from '../revenue/revenue.service.ts';
import { businessDay } from '../db/business-day.ts';
import { sendCsv } from '../http/csv-reply.ts';
import { fieldError } from '../shared/errors.ts';
import { pointsToDecimal } from '../shared/money.ts';
import { incomeFile, journalFile, paymentsFile, refundsFile, withdrawalsFile, type BookFile } from './books.csv.ts';
import type { Db } from '../db/database.ts';
import { closeReportSchema } from './books.schemas.ts';
import {
  currentSettings,
  type DayRange,
  closeFigures,
  confirmedPayments,
  incomeLines,
  journalLines,
  paidWithdrawals,
  refundLines,
} from './books.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
const dayMs = 86_400_000;

/** Each export: what it reads and how its file is written. */
interface Book<Row> {
  summary: string;
  read: (db: Db, range: DayRange) => AsyncGenerator<Row>;
  file: BookFile<Row>;
}
const book = <Row>(summary: string, read: Book<Row>['read'], file: BookFile<Row>): Book<unknown> =>
  ({ summary, read, file }) as Book<unknown>;
const books: Record<string, Book<unknown>> = {
  journal: book('Every ledger entry of the journals written', journalLines, journalFile),
  payments: book('Payments confirmed, with payer names and bank references,', confirmedPayments, paymentsFile),
  withdrawals: book('Withdrawals paid, with the bank and the last four digits of the card,', paidWithdrawals, withdrawalsFile),
  refunds: book('Refunds recorded, owed or paid,', refundLines, refundsFile),
  income: book('Income credited per order and business day', incomeLines, incomeFile),
};

/** A range the operator typed: real dates, in order, at most a year and a day. */
function checkedRange(from: string, to: string): void {
  const valid = validDate(from) && validDate(to);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs;
  if (!valid || days < 0 || days >= booksRangeDaysMax)
    throw fieldError('from', 'books_range_invalid', `Give real dates, the first not after the last, at most ${booksRangeDaysMax} days.`);
}

/**
 * The books for the accountant (administrators only: not on the reviewers' list): the ledger,
 * payments confirmed, withdrawals paid, refunds and income for a range of business days, each
 * streamed as CSV; and one business day's close, summed from the ledger.
 */
export const booksAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const [name, book] of Object.entries(books)) {
    app.get(
      `/admin/v1/books/${name}.csv`,
      {
        schema: {
          tags,
          summary: `${book.summary} for a range of business days, as CSV (UTF-8 with BOM, decimal amounts, business-zone times); streamed`,
          querystring: Type.Object({ from: dateText('First business day, inclusive'), to: dateText('Last business day, inclusive') }),
          security: bearer,
          response: { 200: { content: { 'text/csv': { schema: Type.String() } } } },
        },
      },
      async (request, reply) => {
        const { from, to } = request.query;
        checkedRange(from, to);
        const { business_time_zone: timeZone } = await currentSettings(app.db, app.config);
        return sendCsv(
          reply,
          `${book.file.fileName}-${from}-${to}.csv`,
          book.file.header(timeZone),
          book.read(app.db, { from, to }),
          book.file.line(timeZone),
        );
      },
    );
  }

  app.get(
    '/admin/v1/books/close',
    {
      schema: {
        tags,
        summary: "One business day's close: the ledger's movements by kind and its balances at the day's end",
        querystring: Type.Object({ day: dateText('The business day') }),
        security: bearer,
        response: {
          200: envelopeOf(closeReportSchema),
        },
      },
    },
    async (request) => {
      const { day } = request.query;
      checkedRange(day, day);
      const { timeZone } = await businessDay(app.db, day);
      const figures = await closeFigures(app.db, day);
      const decimal = <Row extends { amount: string }>(row: Row) => ({ ...row, amount: pointsToDecimal(BigInt(row.amount)) });
      return success({
        day,
        time_zone: timeZone,
        starts_at: figures.start.toISOString(),
        ends_at: figures.end.toISOString(),
        movements: figures.movements.map(decimal),
        balances: figures.balances.map(decimal),
      });
    },
  );
};
