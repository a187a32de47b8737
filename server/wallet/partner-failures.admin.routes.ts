import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf } from '../http/schemas.ts';
import { pointsToDecimal } from '../shared/money.ts';
import { partnerFailureSchema } from './wallet.schemas.ts';
import { countPartnerFailures, listPartnerFailures, partnerFailureWindowMs } from './transfer.service.ts';

/** Transfers a partner platform did not answer (issue 35): what the server log alone used to say. */
export const partnerFailureAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/v1/partner-failures',
    {
      schema: {
        tags: ['operators'],
        summary:
          'Transfers of the last 24 hours that failed because their partner platform could not be reached, newest first (the points went back at once); a platform that is down shows here',
        querystring: Type.Object({ page: pageField }),
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(paginatedOf(partnerFailureSchema)) },
      },
    },
    async (request) => {
      const { page = 1 } = request.query;
      const since = new Date(Date.now() - partnerFailureWindowMs);
      const [total, rows] = await Promise.all([
        countPartnerFailures(app.db, since),
        listPartnerFailures(app.db, since, pageOffset(page), perPageDefault),
      ]);
      const items = rows.map((row) => ({
        id: Number(row.id),
        type: row.type,
        amount: pointsToDecimal(BigInt(row.amount)),
        created_at: new Date(row.created_at).toISOString(),
        member: { id: row.user_id, username: row.username },
        partner_city: { id: row.city_id, name: row.city_name, names: row.city_names },
      }));
      return success(paginate(request, page, total, items));
    },
  );
};
