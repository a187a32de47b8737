import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf } from '../http/schemas.ts';
import { auditPointFields } from '../../contract/audit.ts';
import { csvText } from '../shared/csv.ts';
import { sendCsv } from '../http/csv-reply.ts';
import { pointsToDecimal } from '../shared/money.ts';
import { validationError } from '../shared/errors.ts';
import { auditRowSchema } from './audit.schemas.ts';
import { type AuditFilter, countAudit, listAudit, wholeAudit } from './audit.service.ts';

const bearer = [{ bearer: [] }];

/** What narrows the log, in the page and in the download alike. */
const filterQuery = {
  action: Type.Optional(Type.String({ pattern: '^[a-z_]+(\\.[a-z_]+)*$', maxLength: 60, description: 'e.g. order.confirm' })),
  subject_type: Type.Optional(Type.String({ pattern: '^[a-z_]+$', maxLength: 40, description: 'e.g. order, user, withdrawal' })),
  subject_id: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: '^[\\w\\u4e00-\\u9fa5.:-]+$',
      description: "with subject_type: one subject, by its id (or an order's number, a member's username)",
    }),
  ),
  q: Type.Optional(
    Type.String({
      maxLength: 100,
      description: "Any part of the operator's name, the subject (id, order number, username) or a value before or after; any case",
    }),
  ),
};
const filterSchema = Type.Object(filterQuery);

function filterOf({ action, subject_type: subjectType, subject_id: subjectId, q: text }: Static<typeof filterSchema>): AuditFilter {
  // An id alone names nothing: order 7 and member 7 are different subjects.
  if (subjectId !== undefined && subjectType === undefined) throw validationError({ subject_id: ['Name the subject type too.'] });
  return { action, subjectType, subjectId, text };
}

const csvHeader = 'id,created_at,operator,action,subject_type,subject_id,before,after';

/** Money fields of a before or after value as decimal points (1000.5000), as the back office shows them, never 10005000. */
function withDecimalPoints(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const shown: Record<string, unknown> = { ...value };
  for (const [field, amount] of Object.entries(shown))
    if (auditPointFields.has(field) && (typeof amount === 'string' || typeof amount === 'number') && /^-?\d+$/.test(String(amount)))
      shown[field] = pointsToDecimal(BigInt(amount));
  return shown;
}

/** One entry as a CSV line: before and after as JSON, amounts as decimal points. */
function csvLine(row: Awaited<ReturnType<typeof listAudit>>[number]): string {
  const json = (value: unknown) => (value === null || value === undefined ? '' : csvText(JSON.stringify(withDecimalPoints(value))));
  return [
    row.id,
    new Date(row.created_at).toISOString(),
    csvText(row.operator ?? ''),
    csvText(row.action),
    csvText(row.subject_type),
    csvText(row.subject_id),
    json(row.before),
    json(row.after),
  ].join(',');
}

/** The audit log for operators (administrators: not a reviewer's route), paged or whole as a CSV download. */
export const auditAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/v1/audit',
    {
      schema: {
        tags: ['operators'],
        summary: 'The audit log, newest first; optionally one kind of action, or one subject',
        querystring: Type.Object({ page: pageField, ...filterQuery }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(auditRowSchema)) },
      },
    },
    async (request) => {
      const { page = 1 } = request.query;
      const filter = filterOf(request.query);
      const [total, rows] = await Promise.all([countAudit(app.db, filter), listAudit(app.db, filter, pageOffset(page), perPageDefault)]);
      const items = rows.map((row) => ({ ...row, id: Number(row.id), created_at: new Date(row.created_at).toISOString() }));
      return success(paginate(request, page, total, items));
    },
  );

  app.get(
    '/admin/v1/audit.csv',
    {
      schema: {
        tags: ['operators'],
        summary: 'The audit log as CSV, newest first, narrowed as the paged list is; streamed, however long',
        querystring: filterSchema,
        security: bearer,
        response: { 200: { content: { 'text/csv': { schema: Type.String() } } } },
      },
    },
    async (request, reply) => {
      const filter = filterOf(request.query);
      return sendCsv(reply, 'audit-log.csv', csvHeader, wholeAudit(app.db, filter), csvLine);
    },
  );
};
