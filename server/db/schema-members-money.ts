import type { ColumnType, Generated } from 'kysely';
import type { WithdrawalStatus } from '../../contract/statuses.ts';

export type { WithdrawalStatus };

/** Tables of migration 0005: reference lists for verification, bank cards and withdrawals. */
export interface IdentityCardsWithdrawalsTables {
  countries: VerificationChoiceTable;
  certificate_types: VerificationChoiceTable;
  bank_cards: BankCardTable;
  withdrawals: WithdrawalTable;
  member_adjustments: MemberAdjustmentTable;
}

export type AdjustmentDirection = 'credit' | 'debit';
export type AdjustmentStatus = 'pending' | 'posted' | 'rejected';

/** Customer service's credit or debit of a member's main wallet (migration 0044, decision 060). */
export interface MemberAdjustmentTable {
  id: ColumnType<string, never, never>;
  user_id: ColumnType<number, number, never>;
  direction: ColumnType<AdjustmentDirection, AdjustmentDirection, never>;
  amount: ColumnType<string, bigint, never>;
  reason: ColumnType<string, string, never>;
  status: AdjustmentStatus;
  request_key: ColumnType<string, string, never>;
  requested_by: ColumnType<number, number, never>;
  requested_at: ColumnType<Date, never, never>;
  decided_by: number | null;
  decided_at: Date | null;
  decision_note: string | null;
  journal_id: string | null;
}

export interface BankCardTable {
  id: Generated<number>;
  user_id: number;
  cardholder: string;
  bank_name: string;
  card_number_cipher: string;
  card_last4: string;
  card_number_digest: string;
  payment_name: string;
  /** Ten-thousandths of a point; null when the member set no daily limit. */
  daily_quota: ColumnType<string | null, bigint | null, bigint | null>;
  province: string | null;
  city: string | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
  number_changed_at: ColumnType<Date, never, Date>;
  deleted_at: ColumnType<Date | null, never, Date>;
}

export interface WithdrawalTable {
  id: ColumnType<string, never, never>;
  user_id: number;
  bank_card_id: number;
  amount: ColumnType<string, bigint, never>;
  status: WithdrawalStatus;
  business_date: ColumnType<string, string, never>;
  idempotency_key: string;
  request_hash: string;
  reason: string | null;
  bank_reference: string | null;
  decided_by: number | null;
  decided_at: Date | null;
  /** The operator sending the bank transfer now, and since when (migration 0033, decision 051); expires after `withdrawalClaimMinutes`. */
  claimed_by: ColumnType<number | null, never, number | null>;
  claimed_at: ColumnType<Date | null, never, Date | null>;
  created_at: ColumnType<Date, never, never>;
}

/** A country or certificate type a member chooses from when verifying (migration 0047). */
export interface VerificationChoiceTable {
  id: number;
  /** The English name the original app gave (the API's fallback `type`). */
  type: string;
  names: ColumnType<Partial<Record<'zhs' | 'zht' | 'eng', string>>, string | undefined, string>;
  /** Off: members no longer choose it; those who did keep it. */
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
}
