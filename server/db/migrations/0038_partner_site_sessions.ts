import { type Kysely, sql } from 'kysely';

/**
 * A member session remembers the enabled partner site it was opened through (the login or
 * registration came from its session frame), so disabling that site ends exactly those sessions:
 * re-enabling it then needs a new login (issue 34).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('partner_site_id', 'integer', (col) => col.references('partner_sites.id'))
    .execute();
  await sql`create index sessions_open_by_partner_site on sessions (partner_site_id) where revoked_at is null and partner_site_id is not null`.execute(
    db,
  );
  await sql`alter table sessions drop constraint if exists sessions_revoked_reason_check`.execute(db);
  await sql`alter table sessions add constraint sessions_revoked_reason_check
    check (revoked_reason in ('logout', 'other_device', 'password_change', 'operator', 'partner_site_disabled'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update sessions set revoked_reason = 'operator' where revoked_reason = 'partner_site_disabled'`.execute(db);
  await sql`alter table sessions drop constraint sessions_revoked_reason_check`.execute(db);
  await sql`alter table sessions add constraint sessions_revoked_reason_check
    check (revoked_reason in ('logout', 'other_device', 'password_change', 'operator'))`.execute(db);
  await sql`drop index sessions_open_by_partner_site`.execute(db);
  await db.schema.alterTable('sessions').dropColumn('partner_site_id').execute();
}
