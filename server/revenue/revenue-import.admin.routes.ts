import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { envelopeOf, multilineText } from '../http/schemas.ts';
import { totalOf, type CheckedRow } from './revenue-import.ts';
import { confirmImport, importBytesMax, importRowsMax, previewImport, type ImportCheck } from './revenue-import.service.ts';
import { points } from './revenue.json.ts';
import { importResultSchema } from './revenue.schemas.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
/** A body around a file at its limit: a form's percent-encoding can triple a comma or a line break. */
const bodyLimit = importBytesMax * 4;

const fileFields = {
  file_name: Type.String({ minLength: 1, maxLength: 255, description: 'The file’s name, kept in the audit log' }),
  csv: multilineText({
    maxLength: bodyLimit,
    description: `The file’s text (UTF-8): a header naming room, business_date, kwh, revenue and optionally evidence, then one row per room and day; at most ${importBytesMax / 1024} KB and ${importRowsMax} rows`,
  }),
};

const rowOut = (row: CheckedRow) => ({
  line: row.line,
  room: row.room,
  engine_room_id: row.engineRoomId,
  business_date: row.businessDate,
  kwh: row.kwh,
  revenue: row.revenueText,
  evidence: row.evidence,
  status: row.status,
  problems: row.problems,
});

function importOut(check: ImportCheck) {
  const count = (status: CheckedRow['status']) => check.rows.filter((row) => row.status === status).length;
  return {
    file_sha256: check.fileSha256,
    rows_total: check.rows.length,
    rows_ok: count('ok'),
    rows_recorded_before: count('recorded'),
    rows_bad: count('bad'),
    total_revenue: points(totalOf(check.rows)),
    rows: check.rows.map(rowOut),
  };
}

/** Meter data by CSV (decision 028): a preview that records nothing, then one audited confirmation. */
export const revenueImportAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/v1/revenue-imports/preview',
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Step 1: check every row of a meter-data CSV and say which are wrong and why; nothing is recorded',
        body: Type.Object(fileFields),
        security: bearer,
        response: { 200: envelopeOf(importResultSchema) },
      },
    },
    async (request) => success(importOut(await previewImport(app.db, app.config, request.body))),
  );

  app.post(
    '/admin/v1/revenue-imports',
    {
      bodyLimit,
      schema: {
        tags,
        summary:
          'Step 2: record every ok row of the previewed file in one transaction, audited. Idempotent on room and day: a row ' +
          'already recorded with the same figures is skipped, so importing a file again records nothing twice',
        body: Type.Object({
          ...fileFields,
          file_sha256: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'From the preview (409 if the file changed since)' }),
          reason: multilineText({
            minLength: 1,
            maxLength: 500,
            pattern: '\\S',
            description: 'Why the figures are recorded; kept in the audit log',
          }),
        }),
        security: bearer,
        response: { 201: envelopeOf(importResultSchema) },
      },
    },
    async (request, reply) => {
      const check = await confirmImport(app.db, app.config, operatorOf(request).operatorId, request.body);
      return reply.status(201).send(success(importOut(check), 'Revenue imported'));
    },
  );
};
