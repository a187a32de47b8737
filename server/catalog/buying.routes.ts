import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';
import { listDeliveryMethods, listPaymentMethods, listRemittanceAccounts } from './catalog.repository.ts';

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
    '/v1/remittanceAccount',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Accounts to remit payment to, every type included; clients hide type "Taiwan" in the payment view',
        response: { 200: envelopeOf(Type.Array(remittanceAccountSchema)) },
      },
    },
    async () => {
      const rows = await listRemittanceAccounts(app.db);
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
    async () => success(await listPaymentMethods(app.db)),
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
    async () => success(await listDeliveryMethods(app.db)),
  );
};
