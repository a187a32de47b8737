/**
 * Members for the transfer benchmark, written straight into the product's database (a stopped
 * product's data folder, or PostgreSQL): registering a thousand members through the API would
 * time argon2, not transfers.
 */
import { randomBytes } from 'node:crypto';
import { newToken, tokenHash } from '../../server/auth/tokens.ts';
import { openDatabase, type DatabaseTarget } from '../../server/db/database.ts';
import { fundMember } from '../helpers/ledger.ts';

/** Points per member: far more than a benchmark run can move out of one wallet. */
const fundingPerMember = 100_000_000n * 10_000n;

export async function createFundedMembers(target: DatabaseTarget, count: number): Promise<string[]> {
  const database = await openDatabase(target);
  try {
    const tokens: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const user = await database.db
        .insertInto('users')
        .values({
          username: `bench_${index}_${randomBytes(3).toString('hex')}`,
          password_hash: 'bench-member-never-logs-in',
          referral_code: randomBytes(5).toString('hex').toUpperCase(),
          parent_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = newToken();
      await database.db
        .insertInto('sessions')
        .values({ user_id: user.id, token_hash: tokenHash(token) })
        .execute();
      await fundMember(database.db, user.id, fundingPerMember, `bench-fund:${user.id}`);
      tokens.push(token);
    }
    return tokens;
  } finally {
    await database.close();
  }
}
