import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { StatementJson } from '../../contract/api/reconciliation.ts';
import { confirmStatementLines } from './statement-confirmation.service.ts';
import { Type } from 'typebox';
import { statementLineStates, type StatementLineState } from '../../contract/reconciliation.ts';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf, idParams } from '../http/schemas.ts';
import { oneOf } from '../revenue/revenue.json.ts';
import {
  checkStatement,
  importStatement,
  statementView,
  type StatementFile,
  accountsWithFormats,
  countStatements,
  listStatements,
} from './reconciliation.service.ts';
import {
  confirmBody,
  confirmResultSchema,
  fileBody,
  importedSchema,
  listedStatementSchema,
  previewLinesShown,
  previewSchema,
  statementAccountSchema,
  statementBodyLimit,
  statementViewSchema,
  type StatementFileBody,
} from './reconciliation.schemas.ts';
import { lineGroups, lineJson, linesInGroup, mappingJson, type LineGroup } from './statement.json.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];

type StatementRow = Awaited<ReturnType<typeof listStatements>>[number] | Awaited<ReturnType<typeof statementView>>['statement'];

const statementJson = (row: StatementRow): StatementJson => ({
  id: Number(row.id),
  file_name: row.file_name,
  lines_total: row.lines_total,
  imported_at: new Date(row.imported_at).toISOString(),
  imported_by: row.imported_by,
  account: { id: row.remittance_account_id, bank_name: row.bank_name, account_number: row.account_number },
});

const fileOf = (body: StatementFileBody): StatementFile => ({
  accountId: body.remittance_account_id,
  fileName: body.file_name,
  text: body.csv,
  mapping: body.mapping === undefined ? undefined : { columns: body.mapping.columns, dateOrder: body.mapping.date_order },
});

function countsOf(lines: readonly { state: StatementLineState }[]): Record<StatementLineState, number> {
  const counts = Object.fromEntries(statementLineStates.map((state) => [state, 0])) as Record<StatementLineState, number>;
  for (const line of lines) counts[line.state] += 1;
  return counts;
}

/** Bank reconciliation (decision 059): import a receiving account's statement, then confirm the matched payments in one step. */
export const reconciliationAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/v1/bank-statement-accounts',
    {
      schema: {
        tags,
        summary: 'The receiving accounts a statement can belong to, each with the column mapping remembered from its last import',
        security: bearer,
        response: { 200: envelopeOf(Type.Array(statementAccountSchema)) },
      },
    },
    async () => {
      const rows = await accountsWithFormats(app.db);
      return success(
        rows.map((row) => ({
          id: row.id,
          bank_name: row.bank_name,
          account_number: row.account_number,
          enabled: row.enabled,
          demo: row.demo,
          mapping: row.mapping === null ? null : mappingJson(JSON.parse(row.mapping)),
        })),
      );
    },
  );

  app.post(
    '/admin/v1/bank-statements/preview',
    {
      bodyLimit: statementBodyLimit,
      schema: {
        tags,
        summary:
          'Read a statement with a column mapping (the given one, else the account’s remembered one, else a guess from the header) and match each credit to a waiting payment notice; nothing is stored',
        body: fileBody,
        security: bearer,
        response: { 200: envelopeOf(previewSchema) },
      },
    },
    async (request) => {
      const check = await checkStatement(app.db, fileOf(request.body));
      return success({
        header: check.header,
        mapping: mappingJson(check.mapping),
        problem: check.problem,
        file_sha256: check.fileSha256,
        counts: countsOf(check.lines),
        lines: check.lines.slice(0, previewLinesShown).map(lineJson),
      });
    },
  );

  app.post(
    '/admin/v1/bank-statements',
    {
      bodyLimit: statementBodyLimit,
      schema: {
        tags,
        summary:
          'Import a statement: its new lines stored (a line imported before from this account is skipped), the mapping remembered for the account, the import audited; 422 when it cannot be read as mapped, 409 when nothing is new',
        body: fileBody,
        security: bearer,
        response: { 201: envelopeOf(importedSchema) },
      },
    },
    async (request, reply) => {
      const { statementId, check } = await importStatement(app.db, operatorOf(request).operatorId, fileOf(request.body));
      const { statement } = await statementView(app.db, statementId);
      reply.code(201);
      return success({ statement: statementJson(statement), counts: countsOf(check.lines) }, 'Statement imported');
    },
  );

  app.get(
    '/admin/v1/bank-statements',
    {
      schema: {
        tags,
        summary: 'Imported statements, newest first, each with how many of its lines confirmed a payment',
        querystring: Type.Object({ page: pageField }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(listedStatementSchema)) },
      },
    },
    async (request) => {
      const { page = 1 } = request.query;
      const [total, rows] = await Promise.all([countStatements(app.db), listStatements(app.db, pageOffset(page), perPageDefault)]);
      const items = rows.map((row) => ({ ...statementJson(row), lines_confirmed: Number(row.lines_confirmed ?? 0) }));
      return success(paginate(request, page, total, items));
    },
  );

  app.get(
    '/admin/v1/bank-statements/:id',
    {
      schema: {
        tags,
        summary:
          'One statement’s lines in one group (matched by default; unmatched; confirmed; skipped: unreadable, not a credit), each judged against the notices waiting now',
        params: idParams,
        querystring: Type.Object({ show: Type.Optional(oneOf(lineGroups, 'Which lines')), page: pageField }),
        security: bearer,
        response: { 200: envelopeOf(statementViewSchema) },
      },
    },
    async (request) => {
      const { show = 'matched', page = 1 } = request.query;
      const { statement, lines } = await statementView(app.db, request.params.id);
      const shown = linesInGroup(lines, show);
      const groups = Object.fromEntries(lineGroups.map((group) => [group, linesInGroup(lines, group).length])) as Record<LineGroup, number>;
      const start = pageOffset(page);
      return success({
        statement: statementJson(statement),
        groups,
        lines: paginate(request, page, shown.length, shown.slice(start, start + perPageDefault).map(lineJson)),
      });
    },
  );

  app.post(
    '/admin/v1/bank-statements/:id/confirm',
    {
      schema: {
        tags,
        summary:
          'Confirm matched pairs in one step, each through the payment confirmation rule in its own transaction (audited, the member told): changed when the line no longer matches that order (left alone), refused with the rule’s code',
        params: idParams,
        body: confirmBody,
        security: bearer,
        response: { 200: envelopeOf(Type.Array(confirmResultSchema)) },
      },
    },
    async (request) => {
      const pairs = request.body.lines.map((pair) => ({ lineId: String(pair.line_id), orderId: String(pair.order_id) }));
      const results = await confirmStatementLines(app.db, operatorOf(request).operatorId, request.params.id, pairs);
      return success(
        results.map((result) => ({
          line_id: Number(result.lineId),
          outcome: result.outcome,
          order_number: result.orderNumber ?? null,
          error_code: result.code ?? null,
        })),
      );
    },
  );
};
