import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DeviceRow } from '../devices/devices.repository.ts';
import { accounts } from '../ledger/accounts.ts';
import type { UserRelated } from './user.json.ts';
import type { UserRow } from './user.repository.ts';

/** Everything the API's user object shows, read together. */
export interface UserProfile extends UserRelated {
  user: UserRow;
}

/**
 * The member, the parent's referral code, the main wallet and the machines in one statement:
 * GET /v1/check is the member read every screen makes, so it pays one round trip, not four.
 */
export async function findUserProfile(db: Db, userId: number): Promise<UserProfile | undefined> {
  const row = await db
    .selectFrom('users as u')
    .selectAll('u')
    .select([
      sql<string | null>`(select p.referral_code from users p where p.id = u.parent_id)`.as('parent_code'),
      sql<string | null>`(select a.balance from ledger_accounts a where a.key = ${accounts.memberMain(userId).key})`.as('main_balance'),
      sql<DeviceRow[]>`coalesce((select json_agg(d order by d.id) from (select id, serial_number, engine_room_id, secret_hash, user_id,
        bound_at, last_heartbeat_at, created_at, retired_at, retired_reason from devices where user_id = u.id) d), '[]'::json)`.as(
        'devices',
      ),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const { parent_code, main_balance, devices, ...user } = row;
  return { user, parent_code, main_wallet: BigInt(main_balance ?? 0), devices };
}
