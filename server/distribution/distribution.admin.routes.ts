import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';
import { pointsToNumber } from '../shared/money.ts';
import { distributionRunSchema } from './distribution.schemas.ts';
import { distributeAsOperator } from './distribution.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];

/** The distribution run on demand: every ended day not yet shared out, or one named day. */
export const distributionAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/v1/income/distribute',
    {
      schema: {
        tags,
        summary: 'Run the income distribution now: every ended day not yet distributed, or one named day',
        body: Type.Optional(Type.Object({ business_date: Type.Optional(Type.String({ maxLength: 10 })) })),
        security: bearer,
        response: {
          200: envelopeOf(distributionRunSchema),
        },
      },
    },
    async (request) => {
      const date = request.body?.business_date;
      const summary = await distributeAsOperator(app.db, app.config, operatorOf(request).operatorId, date);
      return success({
        orders_credited: summary.ordersCredited,
        total: pointsToNumber(summary.amountCredited),
        days: summary.days.map((day) => ({
          engine_room_id: day.engineRoomId,
          business_date: day.businessDate,
          orders_credited: day.ordersCredited,
          total: pointsToNumber(day.amountCredited),
          ...(day.waiting === undefined ? {} : { waiting: day.waiting }),
        })),
      });
    },
  );
};
