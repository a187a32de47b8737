import type { ColumnType, Generated } from 'kysely';
import type { BackOfficeTables } from './schema-back-office.ts';
import type { DevicesTables } from './schema-devices.ts';
import type { IncomeTables } from './schema-income.ts';
import type { IdentityCardsWithdrawalsTables } from './schema-members-money.ts';
import type { NotificationsTables } from './schema-notifications.ts';
import type { OrdersPaymentsTables } from './schema-orders.ts';
import type { PartnerSitesTables } from './schema-partner-sites.ts';
import type { SiteTables } from './schema-site.ts';
import type { TransferStatus } from '../../contract/statuses.ts';

/** The original app's transaction_recod_status, named in the contract. */
export type { TransferStatus };

/**
 * The database as Kysely sees it. BIGINT columns come back as strings on both drivers
 * (see database.ts) and are parsed with BigInt at the edge of each repository.
 */
export interface Database
  extends
    BackOfficeTables,
    IdentityCardsWithdrawalsTables,
    OrdersPaymentsTables,
    IncomeTables,
    DevicesTables,
    PartnerSitesTables,
    NotificationsTables,
    SiteTables {
  products: ProductTable;
  users: UserTable;
  sessions: SessionTable;
  rate_limit_hits: RateLimitHitTable;
  partner_cities: PartnerCityTable;
  ledger_accounts: LedgerAccountTable;
  ledger_journals: LedgerJournalTable;
  ledger_entries: LedgerEntryTable;
  transaction_records: TransactionRecordTable;
  seed_marks: SeedMarkTable;
}

/** Migration 0023: a start-up seed's last applied inputs, by fingerprint. */
export interface SeedMarkTable {
  name: string;
  digest: string;
  marked_at: ColumnType<Date, never, Date>;
}

export type VerificationStatus = 'none' | 'pending' | 'approved' | 'rejected';
export type AccountStatus = 'active' | 'suspended';
/** 'operator': ended from the back office (migration 0020). */
export type SessionRevokedReason = 'logout' | 'other_device' | 'password_change' | 'operator' | 'partner_site_disabled';

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
  /** Upload ids of the identity photos (migration 0005). */
  certificate_front_id: ColumnType<string | null, string | null, string | null>;
  certificate_back_id: ColumnType<string | null, string | null, string | null>;
  certificate_handle_id: ColumnType<string | null, string | null, string | null>;
  /** The operator's reason when a verification is rejected, shown to the member. */
  verification_reason: string | null;
  verification_submitted_at: Date | null;
  /** Withdrawals wait a while after a password change (WITHDRAWAL_COOLDOWN_HOURS). */
  password_changed_at: Date | null;
  /** This member's own cool-down in hours, set by an administrator; null: the install's (migration 0042). */
  withdrawal_cooldown_hours: ColumnType<number | null, number | null | undefined, number | null>;
  /** The partner site the member registered through (migration 0012); attribution only. */
  partner_site_id: ColumnType<number | null, number | null | undefined, number | null>;
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
  /** Migration 0038: the enabled partner site the session was opened through; disabling the site ends it. */
  partner_site_id: ColumnType<number | null, number | null | undefined, never>;
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
  /** The name in each language (migration 0016); `name` is the fallback. JSON text when written. */
  names: ColumnType<Partial<Record<'zhs' | 'zht' | 'eng', string>>, string | undefined, string>;
  /** Description, specifications and unit in each language (migration 0019). JSON text when written. */
  descriptions: ColumnType<Partial<Record<'zhs' | 'zht' | 'eng', string>>, string | undefined, string>;
  specifications: ColumnType<Partial<Record<'zhs' | 'zht' | 'eng', string>>, string | undefined, string>;
  units: ColumnType<Partial<Record<'zhs' | 'zht' | 'eng', string>>, string | undefined, string>;
  /** Brand-site picture paths (../images/…), first shown first. */
  pictures: ColumnType<string[], string | undefined, string>;
  /** Named certificate documents, each a brand-site picture. */
  certificates: ColumnType<{ name: string; src: string }[], string | undefined, string>;
  /** False: hidden, neither listed nor sold to members; orders already placed stay. */
  on_sale: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
}

export type PartnerKind = 'internal' | 'external';

export interface PartnerCityTable {
  id: Generated<number>;
  name: string;
  kind: PartnerKind;
  created_at: ColumnType<Date, never, never>;
  /** The name in each language (migration 0020); `name` is the fallback. JSON text when written. */
  names: ColumnType<Partial<Record<'zhs' | 'zht' | 'eng', string>>, string | undefined, string>;
  /** Set while the city takes no new transfers in; its balances stay and can be moved out. */
  disabled_at: Date | null;
  disabled_reason: string | null;
  /** An external platform's API base URL and key id. */
  base_url: string | null;
  api_key: string | null;
  /** The platform's secret, sealed with the server's key; never sent to any screen. */
  secret_cipher: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type AccountKind =
  | 'member_main'
  | 'member_partner'
  | 'remittance_clearing'
  | 'engine_room_revenue'
  | 'income_paid'
  | 'withdrawals_held'
  | 'refunds_owed'
  | 'partner_in_transit'
  | 'partner_settlement'
  /** Confirmed order payments (migration 0006): the sales side, which income never draws on. */
  | 'order_sales'
  /** Customer service's credits and debits of main wallets (migration 0044): may run negative, as points the business gave. */
  | 'customer_adjustments';

/** Written only by server/ledger: the cached balance moves in the same transaction as its entries. */
export interface LedgerAccountTable {
  id: Generated<number>;
  key: string;
  kind: AccountKind;
  user_id: number | null;
  partner_city_id: number | null;
  /** Ten-thousandths of a point; equal to the sum of the account's entries. */
  balance: ColumnType<string, never, string | bigint>;
  created_at: ColumnType<Date, never, never>;
}

export interface LedgerJournalTable {
  id: ColumnType<string, never, never>;
  idempotency_key: string;
  /** SHA-256 of the journal's content: a key reused with other content is refused. */
  content_hash: string;
  kind: string;
  memo: string | null;
  created_at: ColumnType<Date, never, never>;
}

export interface LedgerEntryTable {
  id: ColumnType<string, never, never>;
  journal_id: string;
  account_id: number;
  /** Signed ten-thousandths of a point; a journal's entries sum to zero. */
  amount: ColumnType<string, string | bigint, never>;
}

export type TransferType = 'deposit' | 'withdrawal';

export interface TransactionRecordTable {
  id: ColumnType<string, never, never>;
  user_id: number;
  partner_city_id: number;
  type: TransferType;
  amount: ColumnType<string, string | bigint, never>;
  fee: ColumnType<string, string | bigint | undefined, never>;
  status: TransferStatus;
  reason: string | null;
  journal_id: string | null;
  idempotency_key: string | null;
  /** SHA-256 of what was asked (type, city, amount): a key reused for another request is refused. */
  request_hash: string;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
