import { transferStatus } from '../../contract/statuses.ts';
import type { Db } from '../db/database.ts';
import { partnerUnreachableReason } from './transfer.repository.ts';

/** How far back the back office counts transfers a partner platform did not answer. */
export const partnerFailureWindowMs = 24 * 60 * 60 * 1000;

const unanswered = (db: Db, since: Date) =>
  db
    .selectFrom('transaction_records as record')
    .where('record.status', '=', transferStatus.failed)
    .where('record.created_at', '>=', since)
    .where('record.reason', '=', partnerUnreachableReason);

/** Transfers failed because their partner platform could not be reached, since `since`. */
export async function countPartnerFailures(db: Db, since: Date): Promise<number> {
  const row = await unanswered(db, since)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The same transfers, newest first, with the member and the partner city. */
export async function listPartnerFailures(db: Db, since: Date, offset: number, limit: number) {
  return unanswered(db, since)
    .innerJoin('users', 'users.id', 'record.user_id')
    .innerJoin('partner_cities as city', 'city.id', 'record.partner_city_id')
    .select([
      'record.id',
      'record.type',
      'record.amount',
      'record.created_at',
      'users.id as user_id',
      'users.username',
      'city.id as city_id',
      'city.name as city_name',
      'city.names as city_names',
    ])
    .orderBy('record.created_at', 'desc')
    .orderBy('record.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}
