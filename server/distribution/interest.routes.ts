import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { memberOf, requireMember } from '../auth/auth.guard.ts';
import { solarProduct } from '../catalogue/solar-product.ts';
import { success } from '../http/envelope.ts';
import { pointsToNumber } from '../shared/money.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf } from '../http/schemas.ts';
import { incomeRecordSchema, interestWalletSchema } from './distribution.schemas.ts';
import { findProduct, countIncomeRecords, listIncomeRecords, bpToPercent, readSettings } from './interest.service.ts';

/** GET v1/interest: the member's income records, and the figures the screens estimate with. */
export const interestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/interest',
    {
      onRequest: requireMember,
      schema: {
        tags: ['income'],
        summary: 'The member’s income records, newest first; `wallet` carries the price and the expected monthly rate, for estimates only',
        querystring: Type.Object({ page: pageField }),
        security: [{ bearer: [] }],
        response: {
          200: Type.Intersect([envelopeOf(paginatedOf(incomeRecordSchema)), Type.Object({ wallet: interestWalletSchema })]),
        },
      },
    },
    async (request) => {
      const userId = memberOf(request).userId;
      const page = request.query.page ?? 1;
      const [total, rows, settings, product] = await Promise.all([
        countIncomeRecords(app.db, userId),
        listIncomeRecords(app.db, userId, pageOffset(page), perPageDefault),
        readSettings(app.db, app.config),
        findProduct(app.db, solarProduct.id),
      ]);
      const records = rows.map((row) => ({
        id: Number(row.id),
        interest_record_number: row.interest_record_number,
        amount: pointsToNumber(row.amount),
        business_date: row.business_date,
        order_id: Number(row.order_id),
        engine_room_id: row.engine_room_id,
        created_at: new Date(row.created_at).toISOString(),
      }));
      return {
        ...success(paginate(request, page, total, records)),
        wallet: {
          original_price: pointsToNumber(product?.price ?? solarProduct.price),
          interest_rate: bpToPercent(settings.interest_rate_bp),
        },
      };
    },
  );
};
