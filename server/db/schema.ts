import type { ColumnType, Generated } from 'kysely';

/**
 * The database as Kysely sees it. BIGINT columns come back as strings on both drivers
 * (see database.ts) and are parsed with BigInt at the edge of each repository.
 */
export interface Database {
  products: ProductTable;
  users: UserTable;
  sessions: SessionTable;
  rate_limit_hits: RateLimitHitTable;
}

export type VerificationStatus = 'none' | 'pending' | 'approved' | 'rejected';
export type AccountStatus = 'active' | 'suspended';
export type SessionRevokedReason = 'logout' | 'other_device' | 'password_change';

export interface UserTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  referral_code: string;
  parent_id: number | null;
  countries_id: Generated<number>;
  realname: string | null;
  phone: string | null;
  email: string | null;
  certificates_id: number | null;
  certificate_number: string | null;
  verification_status: Generated<VerificationStatus>;
  account_status: Generated<AccountStatus>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
}

export interface SessionTable {
  id: ColumnType<string, never, never>;
  user_id: number;
  /** SHA-256 of the token: the token itself is never stored. */
  token_hash: string;
  created_at: ColumnType<Date, never, never>;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
  revoked_at: ColumnType<Date | null, never, Date>;
  revoked_reason: SessionRevokedReason | null;
}

export interface RateLimitHitTable {
  id: ColumnType<string, never, never>;
  bucket: string;
  hit_at: ColumnType<Date, Date | undefined, never>;
}

export interface ProductTable {
  id: Generated<number>;
  name: string;
  /** Price in ten-thousandths of a point. */
  price: ColumnType<string, string | bigint, string | bigint>;
  quantity: number;
  /** Rated capacity of one whole unit in watts, for the cart's MW estimate. */
  rated_capacity_watts: ColumnType<string, string | bigint, string | bigint>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
}
