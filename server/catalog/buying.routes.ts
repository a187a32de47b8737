import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { recentProduction } from '../income/production.ts';
import { readSettings } from '../income/settings.ts';
import { businessDate } from '../shared/business-day.ts';
import { success } from '../shared/envelope.ts';
import { envelopeOf } from '../shared/schemas.ts';

export const engineRoomSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.String(),
  location: Type.String(),
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

const remittanceAccountSchema = Type.Object({
  id: Type.Integer(),
  bank_name: Type.String(),
  branch: Type.String(),
  account_holder: Type.String(),
  account_number: Type.String(),
  remittance_account_type: Type.Object({
    type: Type.String({ description: 'e.g. China, Vietnam, Taiwan; the payment view hides Taiwan' }),
  }),
});

const paymentMethodSchema = Type.Object({
  id: Type.Integer({ description: '1 bank remittance (default), 2 virtual currency' }),
  name: Type.String(),
  kind: Type.Union([Type.Literal('remittance'), Type.Literal('virtual_currency')]),
  serial_number: Type.Union([Type.String(), Type.Null()], { description: 'Shown for virtual currency: where to send it' }),
  available: Type.Boolean({ description: 'False: orders naming this method are refused (422)' }),
});

const deliveryMethodSchema = Type.Object({
  id: Type.Integer({ description: '1 hosting, 2 home delivery' }),
  name: Type.String(),
  requires: Type.Union([Type.Literal('engine_room'), Type.Literal('address')], {
    description: 'engine_room: the order names engine_room_id; address: the order carries delivery_content',
  }),
});

/** The lists the cart and the payment screen choose from; public, like the catalogue. */
export const buyingListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/engineRoom',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Engine rooms that host the panels (the cart sends room 1), each with its recorded production of the last 30 days',
        response: {
          200: envelopeOf(Type.Array(Type.Intersect([engineRoomSchema, Type.Object({ production: Type.Array(dayProductionSchema) })]))),
        },
      },
    },
    async () => {
      const { businessTimeZone } = await readSettings(app.db, app.config);
      const [rooms, production] = await Promise.all([
        app.db.selectFrom('engine_rooms').select(['id', 'name', 'type', 'location', 'capacity_units']).orderBy('id').execute(),
        recentProduction(app.db, businessDate(new Date(), businessTimeZone)),
      ]);
      return success(rooms.map((room) => ({ ...room, production: production.get(room.id) ?? [] })));
    },
  );

  app.get(
    '/v1/remittanceAccount',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Accounts to remit payment to, every type included; clients hide type "Taiwan" in the payment view',
        response: { 200: envelopeOf(Type.Array(remittanceAccountSchema)) },
      },
    },
    async () => {
      const rows = await app.db.selectFrom('remittance_accounts').selectAll().orderBy('id').execute();
      return success(
        rows.map((row) => ({
          id: row.id,
          bank_name: row.bank_name,
          branch: row.branch,
          account_holder: row.account_holder,
          account_number: row.account_number,
          remittance_account_type: { type: row.type },
        })),
      );
    },
  );

  app.get(
    '/v1/paymentMethod',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Payment methods (1 bank remittance is the default)',
        response: { 200: envelopeOf(Type.Array(paymentMethodSchema)) },
      },
    },
    async () => success(await app.db.selectFrom('payment_methods').selectAll().orderBy('id').execute()),
  );

  app.get(
    '/v1/deliveryMethod',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Delivery methods (1 hosting in an engine room, 2 home delivery)',
        response: { 200: envelopeOf(Type.Array(deliveryMethodSchema)) },
      },
    },
    async () => success(await app.db.selectFrom('delivery_methods').selectAll().orderBy('id').execute()),
  );
};
