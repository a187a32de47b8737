import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireMember } from '../auth/auth.guard.ts';
import { success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';
import { accountsShown } from '../receiving/payable.service.ts';
import { qrCodeOf } from '../receiving/qr-code.ts';
import { deliveryMethodSchema, paymentMethodSchema, remittanceAccountSchema } from './catalogue.schemas.ts';
import { listDeliveryMethods, listPaymentMethods } from './buying.service.ts';

/**
 * The member behind a bearer token, if the request carries a live one; the lists stay public, so a
 * missing or stale token is a visitor, never a 401.
 */
async function optionalMember(request: FastifyRequest, reply: FastifyReply): Promise<number | undefined> {
  if (request.headers.authorization === undefined) return undefined;
  try {
    await requireMember(request, reply);
    return request.member?.userId;
  } catch {
    return undefined;
  }
}

/** The lists the cart and the payment screen choose from; public, like the catalogue. */
export const buyingListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/remittanceAccount',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Accounts to remit payment to, in the operator’s order: enabled ones shown on the site’s locale and meant for the ' +
          'member’s country (with a member token; a visitor sees those for every country). Demo accounts only in demo mode. ' +
          'Empty: payments are not open yet',
        querystring: Type.Object({
          locale: Type.Optional(
            Type.Union([Type.Literal('zhs'), Type.Literal('zht'), Type.Literal('eng')], {
              description: 'The site’s locale; without it, accounts shown on any site',
            }),
          ),
        }),
        response: { 200: envelopeOf(Type.Array(remittanceAccountSchema)) },
      },
    },
    async (request, reply) => {
      const rows = await accountsShown(app.db, app.config.demoMode, request.query.locale, await optionalMember(request, reply));
      return success(
        rows.map((row) => ({
          id: row.id,
          bank_name: row.bank_name,
          branch: row.branch,
          account_holder: row.account_holder,
          account_number: row.account_number,
          remittance_account_type: { type: row.type },
          demo: row.demo,
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
    async () => {
      const methods = await listPaymentMethods(app.db);
      return success(
        methods.map((method) => {
          const usable = method.available && (method.kind !== 'virtual_currency' || method.serial_number !== null);
          return {
            id: method.id,
            name: method.name,
            kind: method.kind,
            serial_number: usable ? method.serial_number : null,
            available: usable,
            network: usable ? method.network : null,
            qr: usable && method.kind === 'virtual_currency' && method.serial_number !== null ? qrCodeOf(method.serial_number) : null,
          };
        }),
      );
    },
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
