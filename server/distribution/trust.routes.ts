import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { success } from '../http/envelope.ts';
import { pointsToNumber, unitsToDecimal } from '../shared/money.ts';
import { pageField, pageOffset, paginate, paginatedOf } from '../http/paging.ts';
import { envelopeOf } from '../http/schemas.ts';
import { trustDaySchema, trustRoomSchema } from './distribution.schemas.ts';
import { bpToPercent, type TrustDayRow, type TrustRoomRow, countTrustDays, trustDays, trustRooms } from './trust.service.ts';

/** Days per page: a month of one room. */
export const trustDaysPerPage = 30;

const dayJson = (row: TrustDayRow) => {
  const revenue = BigInt(row.revenue);
  const income = BigInt(row.income);
  return {
    engine_room_id: row.engine_room_id,
    business_date: row.business_date,
    kwh: Number(row.wh) / 1000,
    revenue: pointsToNumber(revenue),
    evidence: row.evidence,
    adjustments: row.adjustments,
    fee_percent: row.fee_bp === null ? null : bpToPercent(row.fee_bp),
    distributable: row.pool === null ? null : pointsToNumber(BigInt(row.pool)),
    capacity_units: row.basis_units_e8 === null ? null : Number(unitsToDecimal(BigInt(row.basis_units_e8))),
    income: pointsToNumber(income),
    kept: pointsToNumber(revenue - income),
  };
};

const roomJson = (row: TrustRoomRow) => ({
  id: row.id,
  name: row.name,
  names: row.names,
  capacity_units: row.capacity_units,
  revenue: pointsToNumber(BigInt(row.revenue)),
  income: pointsToNumber(BigInt(row.income)),
  balance: pointsToNumber(BigInt(row.balance)),
});

/** GET v1/trust: public proof that income comes only from recorded revenue (PRODUCT.md decision 1). */
export const trustRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get<{ Querystring: { page?: number } }>(
    '/v1/trust',
    {
      schema: {
        tags: ['income'],
        summary:
          'Per engine room and business day: energy, revenue with its evidence, fee, income paid and what the room kept; `rooms` carries each room’s ledger totals',
        querystring: Type.Object({ page: pageField }),
        response: {
          200: Type.Intersect([envelopeOf(paginatedOf(trustDaySchema)), Type.Object({ rooms: Type.Array(trustRoomSchema) })]),
        },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const [total, days, rooms] = await Promise.all([
        countTrustDays(app.db),
        trustDays(app.db, pageOffset(page, trustDaysPerPage), trustDaysPerPage),
        trustRooms(app.db),
      ]);
      return {
        ...success(paginate(request, page, total, days.map(dayJson), trustDaysPerPage)),
        rooms: rooms.map(roomJson),
      };
    },
  );
};
