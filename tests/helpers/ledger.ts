import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/database.ts';
import { accounts, ensureAccounts } from '../../server/ledger/accounts.ts';
import { postJournal } from '../../server/ledger/ledger.ts';

/** Whole points as ten-thousandths: points(100) is 100.0000 points. */
export const points = (whole: number): bigint => BigInt(whole) * 10_000n;

/**
 * Credits a member's main wallet the way a confirmed bank remittance will: one journal out of
 * the remittance-clearing account, posted through the ledger module like any other movement.
 */
export async function fundMember(db: Db, userId: number, amount: bigint, idempotencyKey = `test-fund:${randomUUID()}`): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const [clearing, main] = await ensureAccounts(trx, [accounts.remittanceClearing(), accounts.memberMain(userId)]);
    const posted = await postJournal(trx, {
      idempotencyKey,
      kind: 'test_funding',
      entries: [
        { accountId: clearing ?? 0, amount: -amount },
        { accountId: main ?? 0, amount },
      ],
    });
    return posted.journalId;
  });
}

/** A user row without the registration round trip, for tests that exercise the ledger directly. */
export async function insertUser(db: Db): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      username: `ledger_${randomBytes(5).toString('hex')}`,
      password_hash: 'not-a-real-hash',
      referral_code: randomBytes(5).toString('hex').toUpperCase(),
      parent_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
