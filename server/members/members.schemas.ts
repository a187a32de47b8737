import { Type } from 'typebox';
import { nullable } from '../http/schemas.ts';
import type { AccountStatus } from '../db/schema.ts';

const points = (description: string) =>
  Type.String({ pattern: '^-?[0-9]+\\.[0-9]{4}$', description: `${description}; points, 4 decimals` });
const time = Type.String({ format: 'date-time' });

/** A member as GET admin/v1/members lists them: by account status, or found by a search. */
export const memberRowSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  realname: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  verification_status: Type.String(),
  account_status: Type.String(),
  updated_at: Type.String({ format: 'date-time' }),
});

/** GET admin/v1/members/{id}: one member's page for operators. */
export const memberDetailSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  realname: nullable(Type.String()),
  phone: nullable(Type.String()),
  email: nullable(Type.String()),
  account_status: Type.Unsafe<AccountStatus>(Type.String({ description: 'active or suspended' })),
  verification: Type.Object({
    status: Type.String({ description: 'none, pending, approved or rejected' }),
    reason: nullable(Type.String()),
    submitted_at: nullable(time),
  }),
  created_at: time,
  wallets: Type.Object({
    main: points('The main wallet, from the ledger'),
    partners: Type.Array(
      Type.Object({ id: Type.Integer(), name: Type.String(), disabled: Type.Boolean(), balance: points('Held in our ledger') }),
      { description: 'Every partner city; an external platform’s own books are not asked (0 here means none held by us)' },
    ),
  }),
  cards: Type.Array(Type.Object({ id: Type.Integer(), bank_name: Type.String(), last4: Type.String(), created_at: time }), {
    description: 'Masked: the bank and the last four digits only',
  }),
  sessions: Type.Array(Type.Object({ created_at: time, last_seen_at: time }), { description: 'Open sessions, most recently used first' }),
  withdrawal_cooldown: Type.Object({
    hours: nullable(Type.Integer({ description: 'This member’s own, set by an administrator; null: the install’s' })),
    install_hours: Type.Integer({ description: 'WITHDRAWAL_COOLDOWN_HOURS' }),
  }),
  adjustments: Type.Object({
    approval_points: Type.Integer({
      description: 'ADJUSTMENT_APPROVAL_POINTS: a credit or debit above this many points waits for a second administrator',
    }),
  }),
});

/** An order in GET admin/v1/members/{id}/orders. */
export const memberOrderSchema = Type.Object({
  id: Type.Integer(),
  order_number: Type.String(),
  product: Type.String(),
  item_count: Type.Integer(),
  amount: points('The order’s price'),
  status: Type.Integer({ description: 'The order status code of the contract' }),
  created_at: time,
});

/** A ledger entry in GET admin/v1/members/{id}/ledger. */
export const memberLedgerSchema = Type.Object({
  id: Type.Integer({ description: 'Ledger entry id' }),
  created_at: time,
  kind: Type.String(),
  wallet: Type.Union([Type.Literal('main'), Type.Literal('partner')]),
  partner_city: nullable(Type.String()),
  amount: points('Signed: positive in, negative out'),
});

export const adjustmentStatuses = Type.Union([Type.Literal('pending'), Type.Literal('posted'), Type.Literal('rejected')]);

/** A credit or debit as the back office and the contract see it. */
export const adjustmentSchema = Type.Object({
  id: Type.Integer(),
  member: Type.Object({ id: Type.Integer(), username: Type.String() }),
  direction: Type.Union([Type.Literal('credit'), Type.Literal('debit')]),
  amount: Type.String({ pattern: '^[0-9]+\\.[0-9]{4}$', description: 'Points, 4 decimals' }),
  reason: Type.String(),
  status: adjustmentStatuses,
  requested_by: Type.Object({ id: Type.Integer(), username: Type.String() }),
  requested_at: time,
  decided_by: nullable(Type.String({ description: 'The administrator who posted or turned it down' })),
  decided_at: nullable(time),
  decision_note: nullable(Type.String()),
});

/** POST admin/v1/members/{id}/sessions/revoke: how many sessions ended. */
export const sessionsEndedSchema = Type.Object({ ended: Type.Integer({ description: 'Sessions that were open' }) });

/** POST admin/v1/members/{id}/password-reset: the one-time code to give the member. */
export const passwordResetCodeSchema = Type.Object({
  code: Type.String({ description: 'Shown once: give it to the member; it is stored only as a hash' }),
  expires_at: time,
});

/** PUT admin/v1/members/{id}/withdrawal-cooldown: the member's own hours and the hours that now apply. */
export const withdrawalCooldownSchema = Type.Object({ hours: nullable(Type.Integer()), applies_hours: Type.Integer() });
