import { Type } from 'typebox';

/** A withdrawal as the member and the operators' queue both see it. */
export const withdrawalSchema = Type.Object({
  id: Type.Integer(),
  amount: Type.Number(),
  status: Type.Integer({ description: '1 accepted (held), 2 completed (paid out), 3 failed (rejected, returned)' }),
  reason: Type.Union([Type.String(), Type.Null()]),
  business_date: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  decided_at: Type.Union([Type.String(), Type.Null()]),
  bankcard: Type.Object({ id: Type.Integer(), bank_name: Type.String(), card_last4: Type.String() }),
});
