import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf } from '../http/schemas.ts';
import { businessDate } from '../db/business-day.ts';
import { notFound } from '../shared/errors.ts';
import { dateText, kwh, points } from './revenue.json.ts';
import { revenueChartDaySchema, revenueDaySchema } from './revenue.schemas.ts';
import { checkedDate, findEngineRoom, countRevenueDays, listRevenueDays, roomDays, readSettings } from './revenue.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
const roomParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const chartDays = 30;

/** Revenue records per room and day and a room's last 30 days. */
export const revenueAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/v1/revenue',
    {
      schema: {
        tags,
        summary: 'Recorded revenue per engine room and business day, corrections summed in, newest first; filter by room and dates',
        querystring: Type.Object({
          page: pageField,
          room: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'One engine room' })),
          from: Type.Optional(dateText('First business day, inclusive')),
          to: Type.Optional(dateText('Last business day, inclusive')),
        }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(revenueDaySchema)) },
      },
    },
    async (request) => {
      const { page = 1, room } = request.query;
      const filter = { roomId: room, from: checkedDate('from', request.query.from), to: checkedDate('to', request.query.to) };
      const [total, rows] = await Promise.all([
        countRevenueDays(app.db, filter),
        listRevenueDays(app.db, filter, pageOffset(page), perPageDefault),
      ]);
      const data = rows.map((row) => ({
        ...row,
        kwh: kwh(row.wh),
        revenue: points(row.revenue),
        recorded_revenue: points(row.recorded_revenue),
        corrections: Number(row.corrections),
      }));
      return success(
        paginate(
          request,
          page,
          total,
          data.map(({ wh: _wh, ...rest }) => rest),
        ),
      );
    },
  );

  app.get(
    '/admin/v1/engine-rooms/:id/revenue-days',
    {
      schema: {
        tags,
        summary: 'The engine room’s last 30 business days, today included: kWh and revenue, null on a day without a record',
        params: roomParams,
        security: bearer,
        response: {
          200: envelopeOf(Type.Array(revenueChartDaySchema)),
        },
      },
    },
    async (request) => {
      if ((await findEngineRoom(app.db, request.params.id)) === undefined) throw notFound('engine_room_not_found', 'Engine room not found');
      await readSettings(app.db, app.config);
      const today = await businessDate(app.db, new Date());
      const dates = Array.from({ length: chartDays }, (_, index) => {
        const date = new Date(`${today}T00:00:00Z`);
        date.setUTCDate(date.getUTCDate() - (chartDays - 1 - index));
        return date.toISOString().slice(0, 10);
      });
      const rows = new Map((await roomDays(app.db, request.params.id, dates[0] ?? today, today)).map((row) => [row.business_date, row]));
      return success(
        dates.map((date) => {
          const row = rows.get(date);
          return {
            business_date: date,
            kwh: row === undefined ? null : kwh(row.wh),
            revenue: row === undefined ? null : points(row.revenue),
          };
        }),
      );
    },
  );
};
