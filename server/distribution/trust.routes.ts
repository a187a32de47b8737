import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { success } from '../http/envelope.ts';
import { pointsToNumber, unitsToDecimal } from '../shared/money.ts';
import { pageField, pageOffset, paginate, paginatedOf } from '../http/paging.ts';
import { envelopeOf } from '../http/schemas.ts';
import { localisedSchema } from '../catalogue/localised-name.schemas.ts';
import { bpToPercent, type TrustDayRow, type TrustRoomRow, countTrustDays, trustDays, trustRooms } from './trust.service.ts';

/** Days per page: a month of one room. */
export const trustDaysPerPage = 30;

const points = (description: string) => Type.Number({ description });

const trustDay = Type.Object({
  engine_room_id: Type.Integer(),
  business_date: Type.String(),
  kwh: Type.Number({ description: 'energy recorded, corrections included' }),
  revenue: points('revenue moved into the room’s ledger account for the day, corrections included'),
  evidence: Type.String({ description: 'where the recorded figures can be checked' }),
  adjustments: Type.Integer({ description: 'corrections recorded after the day' }),
  fee_percent: Type.Union([Type.Number(), Type.Null()], { description: 'operator fee of the distribution; null before it ran' }),
  distributable: Type.Union([Type.Number(), Type.Null()], { description: 'revenue less the fee when the day was shared' }),
  capacity_units: Type.Union([Type.Number(), Type.Null()], {
    description:
      'the capacity in units the day was shared by (each order earned its units over this share of the distributable): fixed when the day was shared, whatever the room’s capacity is now; null before it ran',
  }),
  income: points('income paid to members for the day, out of the room’s account'),
  kept: points('revenue less income: the fee, unsold capacity’s share and rounding, kept in the room'),
});

const trustRoom = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  names: localisedSchema('the name in each language; show `name` where one is missing'),
  capacity_units: Type.Union([Type.Integer(), Type.Null()], {
    description: 'the room’s installed capacity now; each day carries the capacity it was shared by (decision 052)',
  }),
  revenue: points('all revenue ever moved into the room’s account'),
  income: points('all income ever paid out of it'),
  balance: points('what the account holds now: revenue less income, never below zero'),
});

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
          200: Type.Intersect([envelopeOf(paginatedOf(trustDay)), Type.Object({ rooms: Type.Array(trustRoom) })]),
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
