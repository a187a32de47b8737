import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf, multilineText } from '../http/schemas.ts';
import { qrCodeOf } from './qr-code.ts';
import { accountFields, receivingAccountSchema, virtualCurrencySchema } from './receiving.schemas.ts';
import {
  addReceivingAccount,
  changeReceivingAccount,
  changeVirtualCurrency,
  findVirtualCurrency,
  moveReceivingAccount,
  type ReceivingAccountRow,
  countReceivingAccounts,
  listReceivingAccounts,
} from './receiving.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];

const idParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const reasonField = multilineText({ maxLength: 500, description: 'Why it is switched off; kept in the audit log' });

function accountJson(row: ReceivingAccountRow) {
  return {
    id: row.id,
    position: row.position,
    bank_name: row.bank_name,
    branch: row.branch,
    account_holder: row.account_holder,
    account_number: row.account_number,
    type: row.type,
    locales: row.locales,
    countries_id: row.country_ids,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    demo: row.demo,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function virtualCurrencyJson(row: Awaited<ReturnType<typeof findVirtualCurrency>>) {
  return {
    address: row.serial_number,
    network: row.network,
    enabled: row.available && row.serial_number !== null,
    qr: row.serial_number === null ? null : qrCodeOf(row.serial_number),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/**
 * The accounts members pay into (decision 024): listed in the members' order, added, edited,
 * moved, switched off with a reason and on again; and the virtual-currency address. Every change is
 * audited with before and after.
 */
export const receivingAccountAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/v1/receiving-accounts',
    {
      schema: {
        tags,
        summary: 'Remittance accounts in the order members see them, enabled or not, demo ones included (labelled)',
        querystring: Type.Object({ page: pageField }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(receivingAccountSchema)) },
      },
    },
    async (request) => {
      const { page = 1 } = request.query;
      const [total, rows] = await Promise.all([
        countReceivingAccounts(app.db),
        listReceivingAccounts(app.db, pageOffset(page), perPageDefault),
      ]);
      return success(paginate(request, page, total, rows.map(accountJson)));
    },
  );

  app.post(
    '/admin/v1/receiving-accounts',
    {
      schema: {
        tags,
        summary: 'Add a real, enabled remittance account, last in the list (422 naming each field at fault)',
        body: Type.Object({
          bank_name: accountFields.bank_name,
          branch: accountFields.branch,
          account_holder: accountFields.account_holder,
          account_number: accountFields.account_number,
          type: accountFields.type,
          locales: Type.Optional(accountFields.locales),
          countries_id: Type.Optional(accountFields.countries_id),
        }),
        security: bearer,
        response: { 201: envelopeOf(receivingAccountSchema) },
      },
    },
    async (request, reply) => {
      const account = await addReceivingAccount(app.db, operatorOf(request).operatorId, request.body);
      return reply.status(201).send(success(accountJson(account), 'Receiving account added'));
    },
  );

  app.put(
    '/admin/v1/receiving-accounts/:id',
    {
      schema: {
        tags,
        summary:
          'Edit an account, who sees it, or switch it off (a reason is required) or on. A disabled account is never listed to ' +
          'members again and stays on the notices paid into it. A demo account’s bank details are fixed (409)',
        params: idParams,
        body: Type.Object({
          bank_name: Type.Optional(accountFields.bank_name),
          branch: Type.Optional(accountFields.branch),
          account_holder: Type.Optional(accountFields.account_holder),
          account_number: Type.Optional(accountFields.account_number),
          type: Type.Optional(accountFields.type),
          locales: Type.Optional(accountFields.locales),
          countries_id: Type.Optional(accountFields.countries_id),
          enabled: Type.Optional(Type.Boolean()),
          reason: Type.Optional(reasonField),
        }),
        security: bearer,
        response: { 200: envelopeOf(receivingAccountSchema) },
      },
    },
    async (request) => {
      const account = await changeReceivingAccount(app.db, operatorOf(request).operatorId, request.params.id, request.body);
      return success(accountJson(account), 'Receiving account updated');
    },
  );

  app.post(
    '/admin/v1/receiving-accounts/:id/move',
    {
      schema: {
        tags,
        summary: 'Move an account one place up or down in the members’ list',
        params: idParams,
        body: Type.Object({ direction: Type.Union([Type.Literal('up'), Type.Literal('down')]) }),
        security: bearer,
        response: { 200: envelopeOf(receivingAccountSchema) },
      },
    },
    async (request) => {
      const account = await moveReceivingAccount(app.db, operatorOf(request).operatorId, request.params.id, request.body.direction);
      return success(accountJson(account), 'Receiving account moved');
    },
  );

  app.get(
    '/admin/v1/receiving-accounts/virtual-currency',
    {
      schema: {
        tags,
        summary: 'The virtual-currency method (payment method 2): its receiving address, network and whether members can choose it',
        security: bearer,
        response: { 200: envelopeOf(virtualCurrencySchema) },
      },
    },
    async () => success(virtualCurrencyJson(await findVirtualCurrency(app.db))),
  );

  app.put(
    '/admin/v1/receiving-accounts/virtual-currency',
    {
      schema: {
        tags,
        summary:
          'Set the virtual-currency address and network (setting an address switches the method on; blank clears it and ' +
          'switches it off), or switch it off (a reason is required) or on',
        body: Type.Object({
          address: Type.Optional(Type.String({ maxLength: 128, description: '20 to 128 letters and digits; blank to clear' })),
          network: Type.Optional(Type.String({ maxLength: 40, pattern: '^[A-Za-z0-9 ._()-]*$', description: 'e.g. TRC-20, ERC-20' })),
          enabled: Type.Optional(Type.Boolean()),
          reason: Type.Optional(reasonField),
        }),
        security: bearer,
        response: { 200: envelopeOf(virtualCurrencySchema) },
      },
    },
    async (request) => {
      await changeVirtualCurrency(app.db, operatorOf(request).operatorId, request.body);
      return success(virtualCurrencyJson(await findVirtualCurrency(app.db)), 'Virtual currency updated');
    },
  );
};
