import type { Db } from '../db/database.ts';
import { accounts, balanceOf, ensureAccounts } from '../ledger/accounts.ts';
import { postJournal } from '../ledger/ledger.ts';
import type { BeganTransfer, PartnerAdapter, TransferMove } from './partner-adapter.ts';
import { transferStatus } from '../../contract/statuses.ts';

/** A partner whose wallets live in our ledger (the store, the cinema): transfers complete at once. */
export const internalPartner: PartnerAdapter = {
  kind: 'internal',

  balance: (db: Db, userId: number, partnerCityId: number) => balanceOf(db, accounts.memberPartner(userId, partnerCityId)),

  async begin(trx: Db, move: TransferMove): Promise<BeganTransfer> {
    const [main = 0, partner = 0] = await ensureAccounts(trx, [
      accounts.memberMain(move.userId),
      accounts.memberPartner(move.userId, move.partnerCityId),
    ]);
    const [from, to] = move.type === 'deposit' ? [main, partner] : [partner, main];
    const posted = await postJournal(trx, {
      idempotencyKey: move.journalKey,
      kind: `partner_${move.type}`,
      entries: [
        { accountId: from, amount: -move.amount },
        { accountId: to, amount: move.amount },
      ],
    });
    return { status: transferStatus.completed, journalId: posted.journalId };
  },

  dispatch: () => Promise.reject(new Error('an internal transfer completes in its own transaction; there is nothing to dispatch')),

  settle: () => Promise.reject(new Error('an internal transfer is never left waiting for an answer')),
};
