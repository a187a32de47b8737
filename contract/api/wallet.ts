/**
 * The wallet answers as their route schemas declare them (server/wallet/wallet.schemas.ts): the member's wallet
 * screens and the back office's partner failures read these types, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type {
  mainWalletSchema,
  partnerFailureSchema,
  partnerWalletSchema,
  statementLineSchema,
  transferRecordSchema,
} from '../../server/wallet/wallet.schemas.ts';

/** GET v1/userWallet: the main wallet's balance. */
export type MainWallet = Static<typeof mainWalletSchema>;
/** A member's wallet at a partner city, as GET v1/enjoycity lists it. */
export type PartnerWallet = Static<typeof partnerWalletSchema>;
/** A transfer between the main wallet and a partner wallet (GET v1/transactionRecod, and a transfer's answer). */
export type TransactionRecord = Static<typeof transferRecordSchema>;
/** One ledger entry on the member's wallets (GET v1/statement). */
export type StatementEntry = Static<typeof statementLineSchema>;
/** A transfer a partner platform did not answer (GET admin/v1/partner-failures). */
export type PartnerFailure = Static<typeof partnerFailureSchema>;
