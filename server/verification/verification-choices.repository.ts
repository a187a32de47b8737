import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The two lists a member chooses from when verifying: countries and certificate types (migration 0047). */
export type ChoiceList = 'countries' | 'certificate_types';

export interface ChoiceNames {
  zhs: string;
  zht: string;
  eng: string;
}

const columns = ['id', 'type', 'names', 'enabled'] as const;

/** Every choice of a list, on or off, in the order they were added. */
export async function listChoices(db: Db, list: ChoiceList) {
  return db.selectFrom(list).select(columns).orderBy('id').execute();
}

/** The choices members may pick now. */
export async function listEnabledChoices(db: Db, list: ChoiceList) {
  return db.selectFrom(list).select(['id', 'type', 'names']).where('enabled', '=', true).orderBy('id').execute();
}

/** One choice a member may pick now (a switched-off one is not). */
export async function findEnabledChoice(db: Db, list: ChoiceList, id: number) {
  return db.selectFrom(list).select('id').where('id', '=', id).where('enabled', '=', true).executeTakeFirst();
}

/** One choice under a row lock, for a change and its audit. */
export async function lockChoice(db: Db, list: ChoiceList, id: number) {
  return db.selectFrom(list).select(columns).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Adds a choice with the next id (the seed's ids are fixed, so there is no serial); the table is locked meanwhile. */
export async function insertChoice(db: Db, list: ChoiceList, names: ChoiceNames) {
  await sql`lock table ${sql.table(list)} in share row exclusive mode`.execute(db);
  const next = await db
    .selectFrom(list)
    .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.val(0)).as('last'))
    .executeTakeFirstOrThrow();
  return db
    .insertInto(list)
    .values({ id: Number(next.last) + 1, type: names.eng, names: JSON.stringify(names) })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function updateChoice(db: Db, list: ChoiceList, id: number, change: { names?: ChoiceNames; enabled?: boolean }) {
  return db
    .updateTable(list)
    .set({
      ...(change.names === undefined ? {} : { names: JSON.stringify(change.names) }),
      ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
    })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow();
}
