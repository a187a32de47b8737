import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { recentResultsDays } from '../../contract/limits.ts';
import { businessDate } from '../db/business-day.ts';
import { success } from '../http/envelope.ts';
import { parseOrderAmount } from '../orders/order-amount.ts';
import { amountText, envelopeOf, idParams, recordId } from '../http/schemas.ts';
import { notFound } from '../shared/errors.ts';
import { pointsToNumber } from '../shared/money.ts';
import { orderableRoomStates } from '../orders/order.service.ts';
import { listedEngineRoomSchema, recentSharesSchema } from './distribution.schemas.ts';
import { findEngineRoom, findProduct, listEngineRooms, recentProduction, recentShares } from './room-results.service.ts';

/** The engine rooms the cart chooses from, with what each produced: public, like the catalogue. */
export const engineRoomRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/engineRoom',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Engine rooms members may host their units in (offered ones only: decision 052), each with its recorded production of the last 30 days',
        response: {
          200: envelopeOf(Type.Array(listedEngineRoomSchema)),
        },
      },
    },
    async () => {
      const today = await businessDate(app.db, new Date());
      const [rooms, production] = await Promise.all([
        listEngineRooms(app.db, orderableRoomStates(app.config.demoMode)),
        recentProduction(app.db, today),
      ]);
      return success(rooms.map((room) => ({ ...room, production: production.get(room.id) ?? [] })));
    },
  );

  app.get<{ Params: { id: string }; Querystring: { product_id: number; amount: string } }>(
    '/v1/engineRoom/:id/recent',
    {
      schema: {
        tags: ['catalogue'],
        summary: `What an order of the amount would have been paid in the room on each of its shared days of the last ${recentResultsDays}, by the rule the income distribution pays by (the pool over the day’s capacity, /trust): the least and the most. Past results, not a promise`,
        params: idParams,
        querystring: Type.Object({
          product_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
          amount: amountText({ description: 'points, 4 decimals, at least the least order' }),
        }),
        response: { 200: envelopeOf(recentSharesSchema) },
      },
    },
    async (request) => {
      const roomId = recordId(request.params);
      const room = roomId === undefined ? undefined : await findEngineRoom(app.db, roomId);
      if (room === undefined) throw notFound('engine_room_not_found', 'Engine room not found');
      const amount = parseOrderAmount(request.query.amount);
      const product = await findProduct(app.db, request.query.product_id);
      if (product === undefined || product.price <= 0n) throw notFound('product_not_found', 'Product not found');
      const today = await businessDate(app.db, new Date());
      const shares = await recentShares(app.db, room.id, amount, product.price, today);
      return success({
        days: recentResultsDays,
        shared_days: shares.days,
        low: shares.low === null ? null : pointsToNumber(shares.low),
        high: shares.high === null ? null : pointsToNumber(shares.high),
      });
    },
  );
};
