import type { Db } from '../db/database.ts';
import type { PartnerKind, TransferType } from '../db/schema.ts';
import type { transferStatus } from '../../contract/statuses.ts';

/** One member's transfer between the main wallet and a partner wallet, as the ledger sees it. */
export interface TransferMove {
  transferId?: string;
  userId: number;
  partnerCityId: number;
  type: TransferType;
  /** Ten-thousandths of a point, positive. */
  amount: bigint;
  /** Names the transfer's journals; the same transfer never moves twice. */
  journalKey: string;
}

/** What a transfer's first step left behind: completed at once, or accepted and waiting for the partner. */
export interface BeganTransfer {
  status: typeof transferStatus.accepted | typeof transferStatus.completed;
  journalId: string | null;
}

export type PartnerAnswer = { status: 'completed' } | { status: 'failed'; reason: string };

/**
 * How the wallet reaches one kind of partner city. An internal partner keeps its wallets in our
 * ledger, so a transfer completes inside one transaction. An external partner keeps its own
 * books behind its own API: the transfer is accepted here, the partner is asked after commit,
 * and its answer completes or fails it later; a failed deposit returns the points.
 */
export interface PartnerAdapter {
  readonly kind: PartnerKind;
  /** The member's balance at this partner. */
  balance(db: Db, userId: number, partnerCityId: number): Promise<bigint>;
  /** Inside the transfer's transaction: moves what can move now. Throws InsufficientBalanceError when the source has too little. */
  begin(trx: Db, move: TransferMove): Promise<BeganTransfer>;
  /** After commit, for an accepted transfer: hands it to the partner. */
  dispatch(move: TransferMove & { transferId: string }): Promise<void>;
  /** Inside a transaction: the ledger side of the partner's answer; returns the journal it posted, if any. */
  settle(trx: Db, move: TransferMove & { transferId: string }, answer: PartnerAnswer): Promise<string | null>;
}
