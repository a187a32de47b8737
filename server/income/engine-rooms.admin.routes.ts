import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf, requireOperator } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';
import { setRoomCapacity } from './room-capacity.service.ts';

const roomCapacityJson = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  capacity_units: Type.Union([Type.Integer(), Type.Null()]),
});

/** An engine room's installed capacity: the basis every order's share of the room's income is taken of. */
export const engineRoomsAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireOperator);

  app.put<{ Params: { id: number }; Body: { capacity_units: number } }>(
    '/admin/v1/engine-rooms/:id/capacity',
    {
      schema: {
        tags: ['operators'],
        summary: "Set an engine room's installed capacity in whole units (each order earns its units over this share of the room's day)",
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        body: Type.Object({ capacity_units: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }) }),
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(roomCapacityJson) },
      },
    },
    async (request) => {
      const room = await setRoomCapacity(app.db, operatorOf(request).operatorId, request.params.id, request.body.capacity_units);
      return success(room, 'Capacity saved');
    },
  );
};
