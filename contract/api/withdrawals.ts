/**
 * The withdrawal answers as their route schemas declare them (server/withdrawals/withdrawals.schemas.ts): the member's
 * screens and the operators' payout queue read these types, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type {
  payoutCardSchema,
  queuedWithdrawalSchema,
  withdrawBody,
  withdrawalSchema,
} from '../../server/withdrawals/withdrawals.schemas.ts';

/** A withdrawal as POST v1/withdraw answers it and GET v1/withdraw lists it. */
export type Withdrawal = Static<typeof withdrawalSchema>;
/** A withdrawal in GET admin/v1/withdrawals: with its member, cardholder and who is paying it now. */
export type QueuedWithdrawal = Static<typeof queuedWithdrawalSchema>;
/** The card a withdrawal is paid to, revealed in full (POST admin/v1/withdrawals/{id}/card; each reveal is audited). */
export type RevealedCard = Static<typeof payoutCardSchema>;
/** The body of POST v1/withdraw. */
export type WithdrawBody = Static<typeof withdrawBody>;
