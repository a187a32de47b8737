import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { envelopeOf, multilineText } from '../http/schemas.ts';
import { moveRoomOrders, setRoomCapacity, setRoomState } from './room-capacity.service.ts';

const roomCapacityJson = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  capacity_units: Type.Union([Type.Integer(), Type.Null()]),
  state: Type.Union([Type.Literal('sample'), Type.Literal('offered'), Type.Literal('hidden'), Type.Literal('retired')]),
});

const idParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const reasonField = multilineText({ maxLength: 500, description: 'Why: kept in the audit log' });

/** An engine room's installed capacity, the basis every order's share of its income is taken of, and its state (decision 052). */
export const engineRoomsAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/admin/v1/engine-rooms/:id/capacity',
    {
      schema: {
        tags: ['operators'],
        summary:
          "Set an engine room's installed capacity in whole units (each order earns its units over this share of the room's day); never below the units its live orders hold (409 with both numbers), a change needs a reason",
        params: idParams,
        body: Type.Object(
          { capacity_units: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }), reason: Type.Optional(reasonField) },
          { additionalProperties: false },
        ),
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(roomCapacityJson) },
      },
    },
    async (request) => {
      const { capacity_units: capacity, reason } = request.body;
      const room = await setRoomCapacity(app.db, operatorOf(request).operatorId, request.params.id, capacity, reason);
      return success(room, 'Capacity saved');
    },
  );

  app.put(
    '/admin/v1/engine-rooms/:id/state',
    {
      schema: {
        tags: ['operators'],
        summary:
          'Offer, hide or retire an engine room, with a reason: only offered rooms take new orders; a retired room’s orders keep earning from its revenue until moved',
        params: idParams,
        body: Type.Object(
          { state: Type.Union([Type.Literal('offered'), Type.Literal('hidden'), Type.Literal('retired')]), reason: reasonField },
          { additionalProperties: false },
        ),
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(roomCapacityJson) },
      },
    },
    async (request) => {
      const room = await setRoomState(app.db, operatorOf(request).operatorId, request.params.id, request.body.state, request.body.reason);
      return success(room, 'Engine room saved');
    },
  );

  app.post(
    '/admin/v1/engine-rooms/:id/move-orders',
    {
      schema: {
        tags: ['operators'],
        summary:
          'Move every live order of a retired room into another offered or hidden room with room for them, with a reason (refused while the retired room has days not yet shared out)',
        params: idParams,
        body: Type.Object(
          { to_engine_room_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), reason: reasonField },
          { additionalProperties: false },
        ),
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(Type.Object({ orders: Type.Integer(), units: Type.String() })) },
      },
    },
    async (request) => {
      const { to_engine_room_id: to, reason } = request.body;
      const moved = await moveRoomOrders(app.db, operatorOf(request).operatorId, request.params.id, to, reason);
      return success(moved, 'Orders moved');
    },
  );
};
