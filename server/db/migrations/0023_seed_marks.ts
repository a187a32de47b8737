import { type Kysely, sql } from 'kysely';

/**
 * What each start-up seed last applied, by a fingerprint of its inputs: a start whose seed files are
 * unchanged since skips reading and re-applying them (the brand content's seed cost a fifth of a
 * start-up on the embedded database).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table seed_marks (
    name text primary key,
    digest text not null,
    marked_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table seed_marks`.execute(db);
}
