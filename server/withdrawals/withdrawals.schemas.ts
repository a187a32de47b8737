import { Type } from 'typebox';
import { cardNumberDigits, withdrawalClaimMinutes, withdrawMinPoints } from '../../contract/limits.ts';
import type { WithdrawalStatus } from '../../contract/statuses.ts';
import { amountText } from '../http/schemas.ts';

/** POST v1/withdraw: the member's own card and the points to send to it. */
export const withdrawBody = Type.Object({
  bankcard_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  amount: amountText({ description: `Points, at least ${withdrawMinPoints}, at most 4 decimals` }),
});

/** A withdrawal as the member and the operators' queue both see it. */
export const withdrawalSchema = Type.Object({
  id: Type.Integer(),
  amount: Type.Number(),
  status: Type.Unsafe<WithdrawalStatus>(
    Type.Integer({ description: '1 accepted (held), 2 completed (paid out), 3 failed (rejected, returned)' }),
  ),
  reason: Type.Union([Type.String(), Type.Null()]),
  business_date: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  decided_at: Type.Union([Type.String(), Type.Null()]),
  bankcard: Type.Object({ id: Type.Integer(), bank_name: Type.String(), card_last4: Type.String() }),
});

/** Who is paying a withdrawal now (decision 051); null when nobody holds a live claim. */
export const withdrawalClaimSchema = Type.Union(
  [
    Type.Object({
      operator_id: Type.Integer(),
      operator: Type.String({ description: 'The operator name holding it' }),
      since: Type.String({ format: 'date-time' }),
      until: Type.String({ format: 'date-time', description: `Claims run out ${withdrawalClaimMinutes} minutes after they are taken` }),
    }),
    Type.Null(),
  ],
  { description: 'Who is paying it now (decision 051); null when nobody holds a live claim' },
);

/** A withdrawal in the operators' payout queue: the member's view with who holds it and whose card it is. */
export const queuedWithdrawalSchema = Type.Intersect([
  withdrawalSchema,
  Type.Object({ user_id: Type.Integer(), cardholder: Type.String(), claim: withdrawalClaimSchema }),
]);

/** The card a withdrawal is paid to, in full (POST admin/v1/withdrawals/{id}/card). */
export const payoutCardSchema = Type.Object({
  withdrawal_id: Type.Integer(),
  cardholder: Type.String(),
  bank_name: Type.String(),
  branch: Type.String(),
  province: Type.Union([Type.String(), Type.Null()]),
  city: Type.Union([Type.String(), Type.Null()]),
  card_number: Type.String({ description: `the whole number, ${cardNumberDigits.min} to ${cardNumberDigits.max} digits` }),
});
