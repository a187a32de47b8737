import type { ColumnType, Generated } from 'kysely';

/** Tables of migration 0018: operators' recovery codes and the back office's sign-in settings. */
export interface OperatorAccessTables {
  operator_recovery_codes: OperatorRecoveryCodeTable;
  operator_settings: OperatorSettingsTable;
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
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
