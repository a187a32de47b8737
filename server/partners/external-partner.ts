import type { Db } from '../db/database.ts';
import type { TransferType } from '../db/schema.ts';
import { accounts, ensureAccounts } from '../ledger/accounts.ts';
import { postJournal } from '../ledger/ledger.ts';
import type { BeganTransfer, PartnerAdapter, PartnerAnswer, TransferMove } from './partner-adapter.ts';
import { transferStatus } from '../../contract/statuses.ts';

/** What a real partner platform offers: its own balance API and a way to ask it to move points. */
export interface ExternalPartnerPlatform {
  /** The member's balance in the partner's own books. */
  balance(userId: number): Promise<bigint>;
  /**
   * Asks the partner to credit (deposit) or debit (withdrawal) the member. Returning means the
   * request was handed over, not that it succeeded: the answer arrives through settleTransfer.
   */
  requestTransfer(request: { transferId: string; userId: number; type: TransferType; amount: bigint }): Promise<void>;
}

/**
 * A partner with its own books. Points bound for it wait in its in-transit account until it
 * answers; points it has accepted pass to its settlement account, which is what we owe it (or,
 * negative, what it owes us). A withdrawal moves nothing until the partner confirms the debit.
 */
export function externalPartner(platform: ExternalPartnerPlatform): PartnerAdapter {
  return {
    kind: 'external',

    balance: (_db: Db, userId: number) => platform.balance(userId),

    async begin(trx: Db, move: TransferMove): Promise<BeganTransfer> {
      if (move.type === 'withdrawal') return { status: transferStatus.accepted, journalId: null };
      const journalId = await postMove(trx, move, `${move.journalKey}:accept`, 'partner_deposit_accepted', 'main', 'in_transit');
      return { status: transferStatus.accepted, journalId };
    },

    dispatch: (move) =>
      platform.requestTransfer({ transferId: move.transferId, userId: move.userId, type: move.type, amount: move.amount }),

    async settle(trx: Db, move: TransferMove & { transferId: string }, answer: PartnerAnswer): Promise<string | null> {
      const key = `${move.journalKey}:${answer.status}`;
      if (move.type === 'deposit') {
        return answer.status === 'completed'
          ? postMove(trx, move, key, 'partner_deposit_completed', 'in_transit', 'settlement')
          : postMove(trx, move, key, 'partner_deposit_returned', 'in_transit', 'main');
      }
      return answer.status === 'completed' ? postMove(trx, move, key, 'partner_withdrawal_completed', 'settlement', 'main') : null;
    },
  };
}

type Place = 'main' | 'in_transit' | 'settlement';

async function postMove(trx: Db, move: TransferMove, idempotencyKey: string, kind: string, from: Place, to: Place): Promise<string> {
  const refs = {
    main: accounts.memberMain(move.userId),
    in_transit: accounts.partnerInTransit(move.partnerCityId),
    settlement: accounts.partnerSettlement(move.partnerCityId),
  };
  const [fromId = 0, toId = 0] = await ensureAccounts(trx, [refs[from], refs[to]]);
  const posted = await postJournal(trx, {
    idempotencyKey,
    kind,
    entries: [
      { accountId: fromId, amount: -move.amount },
      { accountId: toId, amount: move.amount },
    ],
  });
  return posted.journalId;
}
