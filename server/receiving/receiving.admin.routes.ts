import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf, multilineText } from '../http/schemas.ts';
import { qrCodeOf } from './qr-code.ts';
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

const text = (maxLength: number, description: string) => Type.String({ minLength: 1, maxLength, pattern: '\\S', description });
const accountFields = {
  bank_name: text(80, 'The bank'),
  branch: text(120, 'The branch'),
  account_holder: text(120, 'The holder’s name as the bank shows it'),
  account_number: Type.String({
    minLength: 1,
    maxLength: 60,
    description: 'Letters and digits (an IBAN too), spaces and dashes allowed, at least 5 digits',
  }),
  type: text(40, 'The country type members know the account by: China, Vietnam, Taiwan, ...'),
  locales: Type.String({
    maxLength: 20,
    pattern: '^ *((zhs|zht|eng)( *, *(zhs|zht|eng))*)? *$',
    description: 'Site locales whose payment screen shows the account, comma-separated ("zhs,zht,eng"); blank: none (default all three)',
  }),
  countries_id: Type.String({
    maxLength: 100,
    pattern: '^ *([1-9][0-9]{0,8}( *, *[1-9][0-9]{0,8})*)? *$',
    description: 'Member countries (GET v1/country ids) that see the account, comma-separated; blank: every country (the default)',
  }),
};

const accountItem = Type.Object({
  id: Type.Integer(),
  position: Type.Integer({ description: '1 is shown first' }),
  bank_name: Type.String(),
  branch: Type.String(),
  account_holder: Type.String(),
  account_number: Type.String(),
  type: Type.String(),
  locales: Type.Array(Type.String(), { description: 'Sites (locales) that show the account; empty: none' }),
  countries_id: Type.Array(Type.Integer(), { description: 'Member countries that see it; empty: every country' }),
  enabled: Type.Boolean(),
  disabled_reason: Type.Union([Type.String(), Type.Null()]),
  demo: Type.Boolean({ description: 'A seeded placeholder: shown to members only in demo mode, and not editable' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

const virtualCurrencyItem = Type.Object({
  address: Type.Union([Type.String(), Type.Null()]),
  network: Type.Union([Type.String(), Type.Null()]),
  enabled: Type.Boolean({ description: 'Members can choose virtual currency (it has an address and is switched on)' }),
  qr: Type.Union([Type.Object({ size: Type.Integer(), path: Type.String() }), Type.Null()]),
  updated_at: Type.String({ format: 'date-time' }),
});

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
        response: { 200: envelopeOf(paginatedOf(accountItem)) },
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
        response: { 201: envelopeOf(accountItem) },
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
        response: { 200: envelopeOf(accountItem) },
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
        response: { 200: envelopeOf(accountItem) },
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
        response: { 200: envelopeOf(virtualCurrencyItem) },
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
        response: { 200: envelopeOf(virtualCurrencyItem) },
      },
    },
    async (request) => {
      await changeVirtualCurrency(app.db, operatorOf(request).operatorId, request.body);
      return success(virtualCurrencyJson(await findVirtualCurrency(app.db)), 'Virtual currency updated');
    },
  );
};
