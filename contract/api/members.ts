/**
 * Customer service's view of members as its route schemas declare it (server/members/members.schemas.ts): the back
 * office's Members tab, its member page and the Reviews tab read these types, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type {
  adjustmentSchema,
  memberDetailSchema,
  memberLedgerSchema,
  memberOrderSchema,
  memberRowSchema,
  passwordResetCodeSchema,
  sessionsEndedSchema,
  withdrawalCooldownSchema,
} from '../../server/members/members.schemas.ts';

/** A member in GET admin/v1/members: listed by account status (the suspended, for review) or found by a search. */
export type ListedMember = Static<typeof memberRowSchema>;
/** GET admin/v1/members/{id}: who the member is, what they hold, their cards, sessions and cool-down. */
export type MemberDetail = Static<typeof memberDetailSchema>;
/** An order in GET admin/v1/members/{id}/orders. */
export type MemberOrder = Static<typeof memberOrderSchema>;
/** A ledger entry in GET admin/v1/members/{id}/ledger. */
export type MemberLedgerEntry = Static<typeof memberLedgerSchema>;
/** POST admin/v1/members/{id}/sessions/revoke. */
export type SessionsEnded = Static<typeof sessionsEndedSchema>;
/** POST admin/v1/members/{id}/password-reset: the one-time code, shown once. */
export type PasswordResetCode = Static<typeof passwordResetCodeSchema>;
/** PUT admin/v1/members/{id}/withdrawal-cooldown. */
export type WithdrawalCooldown = Static<typeof withdrawalCooldownSchema>;
/** A credit or debit of a member's main wallet by customer service (admin/v1/members/{id}/adjustments, admin/v1/adjustments). */
export type AdjustmentJson = Static<typeof adjustmentSchema>;
