import type { ColumnType, Generated } from 'kysely';

/** Migration 0012: the partner sites allowed to embed the widgets (decision 017). */
export interface PartnerSitesTables {
  partner_sites: PartnerSiteTable;
}

export interface PartnerSiteTable {
  id: Generated<number>;
  /** Normalised `scheme://host[:port]`, unique. */
  origin: string;
  name: string;
  /** A member's referral code new members registering through the site are attributed to when they type none. */
  referral_code: string | null;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
