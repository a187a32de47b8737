import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { holdingsPerPage, recentResultsDays } from '../../contract/limits.ts';
import { memberOf, requireMember } from '../auth/auth.guard.ts';
import { businessDate } from '../db/business-day.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf } from '../http/paging.ts';
import { envelopeOf } from '../http/schemas.ts';
import { pointScale, pointsToNumber, unitScale } from '../shared/money.ts';
import { holdingSchema } from './holdings.schemas.ts';
import { type HoldingRow, countHoldings, listHoldings } from './holdings.service.ts';

const capacityPercent = (row: HoldingRow): number | null =>
  row.capacity_units === null || row.capacity_units <= 0
    ? null
    : pointsToNumber((BigInt(row.units_e8) * 100n * pointScale) / (BigInt(row.capacity_units) * unitScale));

const holdingJson = (row: HoldingRow) => ({
  id: Number(row.id),
  order_number: row.order_number,
  product: { id: row.product_id, name: row.product_name, names: row.product_names },
  delivery_method_id: row.delivery_method_id,
  engine_room:
    row.engine_room_id === null
      ? null
      : {
          id: row.engine_room_id,
          name: row.room_name ?? '',
          names: row.room_names ?? {},
          location: row.room_location ?? '',
          locations: row.room_locations ?? {},
          capacity_units: row.capacity_units,
        },
  total_amount: pointsToNumber(BigInt(row.amount)),
  units: pointsToNumber((BigInt(row.amount) * pointScale) / BigInt(row.unit_price)),
  capacity_percent: capacityPercent(row),
  paid_at: new Date(row.paid_at).toISOString(),
  income_total: pointsToNumber(BigInt(row.income_total)),
  income_recent: pointsToNumber(BigInt(row.income_recent)),
  room_kwh_recent: row.room_wh_recent === null ? null : Number(BigInt(row.room_wh_recent)) / 1000,
});

/** GET v1/holdings: what the member owns, one paid order at a time, with what it has earned. */
export const holdingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/holdings',
    {
      onRequest: requireMember,
      schema: {
        tags: ['orders'],
        summary: `The member’s paid orders, newest payment first: room, units, share of the room’s capacity, income so far and on the last ${recentResultsDays} business days, and the room’s recorded energy then`,
        querystring: Type.Object({ page: pageField }),
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(paginatedOf(holdingSchema)) },
      },
    },
    async (request) => {
      const { userId } = memberOf(request);
      const page = request.query.page ?? 1;
      const today = await businessDate(app.db, new Date());
      const [total, rows] = await Promise.all([
        countHoldings(app.db, userId),
        listHoldings(app.db, userId, today, recentResultsDays, pageOffset(page, holdingsPerPage), holdingsPerPage),
      ]);
      return success(paginate(request, page, total, rows.map(holdingJson), holdingsPerPage));
    },
  );
};
