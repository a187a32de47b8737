import type { ColumnType, Generated } from 'kysely';

/** Tables of migration 0018: operators' recovery codes and the back office's sign-in settings; 0049: who is told of new work. */
export interface OperatorAccessTables {
  operator_recovery_codes: OperatorRecoveryCodeTable;
  operator_settings: OperatorSettingsTable;
  operator_alerts: OperatorAlertTable;
}

export type OperatorRole = 'administrator' | 'reviewer';
/** Where a sign-in stands: done; waiting for a code; for two-factor set-up; for the operator's own first password (migration 0040). */
export type OperatorSessionStage = 'signed_in' | 'code' | 'enrol' | 'password';

export interface OperatorRecoveryCodeTable {
  id: ColumnType<string, never, never>;
  operator_id: number;
  code_hash: string;
  used_at: Date | null;
}

export interface OperatorSettingsTable {
  id: Generated<number>;
  two_factor_required: boolean;
  /** Addresses told of new work by e-mail, comma-separated; empty: none (migration 0049). */
  alert_emails: Generated<string>;
  /** Where new work is posted, signed with the secret; empty: nowhere. */
  alert_webhook_url: Generated<string>;
  alert_webhook_secret: Generated<string>;
  /** Addresses written to in one language, address → locale (migration 0052); the others get all three. JSON text when written. */
  alert_email_locales: ColumnType<Record<string, 'zhs' | 'zht' | 'eng'>, string | undefined, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** One item of work a channel has been told of (`payment_notice:12`): at most once per channel. */
export interface OperatorAlertTable {
  /** `email` for the addresses written to in the three languages, `email:<locale>` for those in one (migration 0052). */
  channel: 'email' | 'email:zhs' | 'email:zht' | 'email:eng' | 'webhook';
  item: string;
  told_at: Generated<Date>;
}
