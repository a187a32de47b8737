import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('referral_code', 'text', (col) => col.notNull().unique())
    .addColumn('parent_id', 'integer', (col) => col.references('users.id'))
    .addColumn('countries_id', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('realname', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('certificates_id', 'integer')
    .addColumn('certificate_number', 'text')
    .addColumn('verification_status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('none')
        .check(sql`verification_status in ('none', 'pending', 'approved', 'rejected')`),
    )
    .addColumn('account_status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('active')
        .check(sql`account_status in ('active', 'suspended')`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // Names are unique whatever their case, so "Member01" cannot pose as "member01".
  await sql`create unique index users_username_lower on users (lower(username))`.execute(db);
  await db.schema.createIndex('users_parent_id').on('users').column('parent_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text', (col) => col.check(sql`revoked_reason in ('logout', 'other_device', 'password_change')`))
    .execute();
  await sql`create index sessions_active_by_user on sessions (user_id) where revoked_at is null`.execute(db);

  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('bucket', 'text', (col) => col.notNull())
    .addColumn('hit_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('rate_limit_hits_bucket_time').on('rate_limit_hits').columns(['bucket', 'hit_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
