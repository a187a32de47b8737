import { Type } from 'typebox';
import type { PartnerKind } from '../db/schema.ts';

/** A partner city as the operators' Partner wallets tab reads it (GET, POST and PUT admin/v1/partner-cities). */
export const partnerCitySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: 'The API’s fallback name (the English one)' }),
  names: Type.Object({ zhs: Type.Optional(Type.String()), zht: Type.Optional(Type.String()), eng: Type.Optional(Type.String()) }),
  kind: Type.Unsafe<PartnerKind>(
    Type.String({ description: 'internal: wallets kept in our ledger; external: the platform keeps its own books' }),
  ),
  enabled: Type.Boolean({ description: 'Disabled: no new transfers in; balances stay and can be moved out to the main wallet' }),
  disabled_reason: Type.Union([Type.String(), Type.Null()]),
  base_url: Type.Union([Type.String(), Type.Null()]),
  api_key: Type.Union([Type.String(), Type.Null()]),
  secret_set: Type.Boolean({ description: 'Whether a secret is stored; the secret itself is never sent' }),
  updated_at: Type.String({ format: 'date-time' }),
});
