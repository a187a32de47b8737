import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { AccountStatus } from '../db/schema.ts';
import { containsPattern } from '../shared/contains-pattern.ts';

/**
 * Members whose username, real name or phone contains the text, or who placed an order whose
 * number contains it; case-insensitive. The text is a bound parameter, never part of the SQL.
 */
function matching(query: string) {
  const pattern = containsPattern(query.trim());
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    eb.or([
      eb('users.username', 'ilike', pattern),
      eb('users.realname', 'ilike', pattern),
      eb('users.phone', 'ilike', pattern),
      eb.exists(
        eb
          .selectFrom('orders')
          .select(sql`1`.as('one'))
          .whereRef('orders.user_id', '=', 'users.id')
          .where('orders.order_number', 'ilike', pattern),
      ),
    ]);
}

export interface MemberFilter {
  query?: string | undefined;
  status?: AccountStatus | undefined;
}

function filtered(db: Db, filter: MemberFilter) {
  let query = db.selectFrom('users');
  if (filter.status !== undefined) query = query.where('users.account_status', '=', filter.status);
  if (filter.query !== undefined && filter.query.trim() !== '') query = query.where(matching(filter.query));
  return query;
}

export async function countMembers(db: Db, filter: MemberFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the members found, newest registration first. */
export async function searchMembers(db: Db, filter: MemberFilter, offset: number, limit: number) {
  return filtered(db, filter)
    .select([
      'users.id',
      'users.username',
      'users.realname',
      'users.phone',
      'users.verification_status',
      'users.account_status',
      'users.updated_at',
    ])
    .orderBy('users.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}
