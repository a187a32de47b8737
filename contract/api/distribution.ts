/**
 * The distribution folder's answers as their route schemas declare them (server/distribution/distribution.schemas.ts):
 * the cart, /dig, /trust and the back office's Revenue tab read these types, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type {
  distributionRunSchema,
  explainedOrderSchema,
  explanationSchema,
  incomeRecordSchema,
  interestWalletSchema,
  listedEngineRoomSchema,
  recentSharesSchema,
  trustDaySchema,
  trustRoomSchema,
} from '../../server/distribution/distribution.schemas.ts';

/** An engine room members may host units in, with its recent production: GET v1/engineRoom. */
export type EngineRoom = Static<typeof listedEngineRoomSchema>;
/** GET v1/engineRoom/{id}/recent: the least and most an amount would have been paid a day there lately. */
export type RecentShares = Static<typeof recentSharesSchema>;
/** One room's business day of GET v1/trust. */
export type TrustDay = Static<typeof trustDaySchema>;
/** One room's ledger totals since the start, in GET v1/trust's `rooms`. */
export type TrustRoom = Static<typeof trustRoomSchema>;
/** A member's income record: GET v1/interest. */
export type IncomeRecord = Static<typeof incomeRecordSchema>;
/** GET v1/interest's top-level `wallet`: the figures the screens estimate with. */
export type InterestWallet = Static<typeof interestWalletSchema>;
/** What POST admin/v1/income/distribute shared out. */
export type DistributionRun = Static<typeof distributionRunSchema>;
/** A room day's distribution explained: GET admin/v1/engine-rooms/{id}/distributions/{date}. */
export type Explanation = Static<typeof explanationSchema>;
/** One order in an explanation's `orders` page. */
export type ExplainedOrder = Static<typeof explainedOrderSchema>;
