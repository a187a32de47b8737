import type { Db } from './database.ts';

/** The fingerprint of the inputs a start-up seed last applied (migration 0023). */
export async function seedMark(db: Db, name: string): Promise<string | undefined> {
  return (await db.selectFrom('seed_marks').select('digest').where('name', '=', name).executeTakeFirst())?.digest;
}

export async function markSeed(db: Db, name: string, digest: string): Promise<void> {
  await db
    .insertInto('seed_marks')
    .values({ name, digest })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ digest, marked_at: new Date() }))
    .execute();
}
