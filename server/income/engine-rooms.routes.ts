import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { listEngineRooms } from '../catalog/catalog.repository.ts';
import { localisedSchema } from '../catalog/localised-names.ts';
import { businessDate } from '../db/business-day.ts';
import { success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';
import { orderableRoomStates } from '../orders/order.service.ts';
import { recentProduction } from './production.repository.ts';

const engineRoomSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  names: localisedSchema('the name in each language; show `name` where one is missing'),
  type: Type.String(),
  location: Type.String(),
  locations: localisedSchema('the location in each language; show `location` where one is missing'),
  capacity_units: Type.Union([Type.Integer(), Type.Null()], {
    description:
      "installed capacity in units: each order earns its units over this share of the room's day (null: not set, nobody earns yet)",
  }),
});

const dayProductionSchema = Type.Object({
  business_date: Type.String(),
  kwh: Type.Number(),
  revenue: Type.Number({ description: 'points collected that day, corrections included' }),
});

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
          200: envelopeOf(Type.Array(Type.Intersect([engineRoomSchema, Type.Object({ production: Type.Array(dayProductionSchema) })]))),
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
};
