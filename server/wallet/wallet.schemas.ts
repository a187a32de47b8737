import { Type } from 'typebox';
import { transferMinPoints } from '../../contract/limits.ts';
import type { TransferStatus } from '../../contract/statuses.ts';
import { localisedSchema } from '../catalogue/localised-name.schemas.ts';
import { pageField } from '../http/paging.ts';
import { amountText } from '../http/schemas.ts';

/** A partner city as a transfer or a statement line names it. */
export const enjoyCitySchema = Type.Object({ id: Type.Integer(), name: Type.String() });

/** A transfer between the main wallet and a partner wallet, as GET v1/transactionRecod lists it and a transfer answers it. */
export const transferRecordSchema = Type.Object({
  id: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  amount: Type.Number({ description: 'Points, 4 decimals' }),
  fee: Type.Number({ description: 'Points, 4 decimals; transfers between own wallets are free' }),
  type: Type.Union([Type.Literal('deposit'), Type.Literal('withdrawal')], {
    description: 'deposit: main wallet to partner wallet; withdrawal: partner wallet to main wallet',
  }),
  transaction_recod_status: Type.Unsafe<TransferStatus>(
    Type.Integer({
      minimum: 0,
      maximum: 4,
      description: '0 unsuccessful, 1 accepted, 2 completed, 3 failed, 4 cancelled',
    }),
  ),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'Why a transfer failed; null otherwise' }),
  enjoy_city: enjoyCitySchema,
});

/** Long enough for a UUID or any client's scheme, short enough to index cheaply. */
const idempotencyKeyLengthMax = 128;

export const transferBody = Type.Object({
  amount: amountText({ description: `Points, at least ${transferMinPoints}, at most 4 decimals (form field or JSON number)` }),
});

export const transferHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: idempotencyKeyLengthMax,
      pattern: '^[\\x21-\\x7e]+$',
      description: 'Retrying with the same key and body returns the first record and moves nothing; another body with the key is 409',
    }),
  ),
});

export const partnerCityParams = Type.Object({
  id: Type.String({ pattern: '^[1-9][0-9]{0,9}$', description: 'Partner city id (the same value as enjoy_city_item.id)' }),
});

export const partnerWalletSchema = Type.Object({
  id: Type.Integer({ description: 'Partner city id: the same value as enjoy_city_item.id, and the id in /enjoycity/{id}/… paths' }),
  name: Type.String({ description: 'The name every locale falls back to' }),
  names: Type.Object(
    { zhs: Type.Optional(Type.String()), zht: Type.Optional(Type.String()), eng: Type.Optional(Type.String()) },
    { description: 'The name in each locale the operators gave; show the member’s own, else `name`' },
  ),
  disabled: Type.Boolean({ description: 'Takes no new transfers in (deposit answers 409); the balance can still be withdrawn' }),
  balance: Type.Number({ description: 'Points, 4 decimals' }),
  enjoy_city_item: Type.Object({ id: Type.Integer({ description: 'Partner city id' }) }),
});

export const mainWalletSchema = Type.Object({ main_wallet: Type.Number({ description: 'Points, 4 decimals' }) });

export const historyQuery = Type.Object({
  type: Type.Optional(Type.Union([Type.Literal('deposit'), Type.Literal('withdrawal')], { description: 'Omitted: both kinds' })),
  page: pageField,
});

export const pageQuery = Type.Object({ page: pageField });

export const statementLineSchema = Type.Object({
  id: Type.Integer({ description: 'Ledger entry id' }),
  journal_id: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  kind: Type.String({ description: 'What moved the points: partner_deposit, partner_withdrawal, income, …' }),
  wallet: Type.Union([Type.Literal('main'), Type.Literal('partner')]),
  enjoy_city: Type.Union([enjoyCitySchema, Type.Null()]),
  amount: Type.Number({ description: 'Signed points, 4 decimals: positive in, negative out' }),
});

/** A transfer a partner platform did not answer, as GET admin/v1/partner-failures lists it. */
export const partnerFailureSchema = Type.Object({
  id: Type.Integer(),
  type: Type.Union([Type.Literal('deposit'), Type.Literal('withdrawal')], {
    description: 'To the partner wallet, or back to the main one',
  }),
  amount: Type.String({ pattern: '^[0-9]+\\.[0-9]{4}$', description: 'Points, 4 decimals; returned to the wallet they came from' }),
  created_at: Type.String({ format: 'date-time' }),
  member: Type.Object({ id: Type.Integer(), username: Type.String() }),
  partner_city: Type.Object({ id: Type.Integer(), name: Type.String(), names: localisedSchema('the city’s name in each language') }),
});
