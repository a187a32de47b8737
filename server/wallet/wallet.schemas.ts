import { Type } from 'typebox';
import { transferMinPoints } from '../../contract/limits.ts';
import { pageField } from '../http/paging.ts';
import { enjoyCitySchema } from './wallet.json.ts';
import { amountText } from '../http/schemas.ts';

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
