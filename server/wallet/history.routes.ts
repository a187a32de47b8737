import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { memberOf, requireMember } from '../auth/auth.guard.ts';
import { success } from '../http/envelope.ts';
import { pointsToNumber } from '../shared/money.ts';
import { paginate, paginatedOf } from '../http/paging.ts';
import { envelopeOf } from '../http/schemas.ts';
import { statementCsvHeader, statementCsvRow } from './statement.csv.ts';
import { transferJson } from './wallet.json.ts';
import { transferRecordSchema } from './wallet.schemas.ts';
import { historyQuery, pageQuery, statementLineSchema } from './wallet.schemas.ts';
import { type StatementLine, pageStatement, wholeStatement, pageTransfers } from './transfer.service.ts';

const bearer = [{ bearer: [] }];

export const historyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/transactionRecod',
    {
      onRequest: requireMember,
      schema: {
        tags: ['wallet'],
        summary: 'The member’s transfers between main and partner wallets, newest first, failed attempts included',
        querystring: historyQuery,
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(transferRecordSchema)) },
      },
    },
    async (request) => {
      const { type, page = 1 } = request.query;
      const { total, rows } = await pageTransfers(app.db, memberOf(request).userId, type, page);
      return success(paginate(request, page, total, rows.map(transferJson)));
    },
  );

  app.get(
    '/v1/statement',
    {
      onRequest: requireMember,
      schema: {
        tags: ['wallet'],
        summary: 'Every ledger entry that touched the member’s wallets, newest first',
        querystring: pageQuery,
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(statementLineSchema)) },
      },
    },
    async (request) => {
      const { page = 1 } = request.query;
      const { total, rows } = await pageStatement(app.db, memberOf(request).userId, page);
      return success(paginate(request, page, total, rows.map(statementJson)));
    },
  );

  app.get(
    '/v1/statement.csv',
    {
      onRequest: requireMember,
      schema: {
        tags: ['wallet'],
        summary: 'The whole statement as CSV (amounts with 4 decimals), as a download',
        security: bearer,
        response: { 200: { content: { 'text/csv': { schema: Type.String() } } } },
      },
    },
    async (request, reply) => {
      const lines = [statementCsvHeader];
      for await (const line of wholeStatement(app.db, memberOf(request).userId)) lines.push(statementCsvRow(line));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="statement.csv"')
        .header('cache-control', 'no-store')
        .send(`${lines.join('\r\n')}\r\n`);
    },
  );
};

function statementJson(line: StatementLine) {
  return {
    id: Number(line.entry_id),
    journal_id: Number(line.journal_id),
    created_at: line.created_at.toISOString(),
    kind: line.kind,
    wallet: line.wallet,
    enjoy_city: line.partner_city,
    amount: pointsToNumber(line.amount),
  };
}
