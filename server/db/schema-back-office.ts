import type { ColumnType, Generated } from 'kysely';
import type { OperatorAccessTables, OperatorRole, OperatorSessionStage } from './schema-operators.ts';

/** The back office's tables (migration 0004): operators, their sessions, the audit log, uploads. */
export interface BackOfficeTables extends OperatorAccessTables {
  operators: OperatorTable;
  operator_sessions: OperatorSessionTable;
  audit_log: AuditLogTable;
  uploads: UploadTable;
  member_password_resets: MemberPasswordResetTable;
}

/** Migration 0036: one-time codes customer service gives a member who lost their password. */
export interface MemberPasswordResetTable {
  id: ColumnType<string, never, never>;
  user_id: number;
  /** SHA-256 of the code: the code itself is shown once to the operator and never stored. */
  code_hash: string;
  created_by: number;
  expires_at: Date;
  used_at: ColumnType<Date | null, never, Date>;
  created_at: ColumnType<Date, never, never>;
}

export interface OperatorTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  created_at: ColumnType<Date, never, never>;
  disabled_at: Date | null;
  /** Migration 0018: roles and two-factor sign-in. */
  role: OperatorRole;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: ColumnType<string | null, bigint | null, bigint | null>;
  /** Migration 0040: added by another operator, so their first sign-in asks for a password of their own. */
  password_change_required: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface OperatorSessionTable {
  id: ColumnType<string, never, never>;
  operator_id: number;
  token_hash: string;
  created_at: ColumnType<Date, never, never>;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  revoked_at: ColumnType<Date | null, never, Date>;
  stage: ColumnType<OperatorSessionStage, OperatorSessionStage | undefined, OperatorSessionStage>;
}

export interface AuditLogTable {
  id: ColumnType<string, never, never>;
  operator_id: number | null;
  action: string;
  subject_type: string;
  subject_id: string;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  created_at: ColumnType<Date, never, never>;
}

export type ImageContentType = 'image/png' | 'image/jpeg';

export interface UploadTable {
  id: ColumnType<string, never, never>;
  user_id: number;
  content_type: ImageContentType;
  bytes: number;
  width: number;
  height: number;
  stored_name: string;
  /** The photo itself (migration 0041); null for one from before, still in UPLOAD_DIR. */
  content: ColumnType<Buffer | null, Buffer | undefined, never>;
  created_at: ColumnType<Date, never, never>;
}
