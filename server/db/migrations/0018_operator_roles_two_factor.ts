import { type Kysely, sql } from 'kysely';

/**
 * Operator roles and two-factor sign-in (decision 026). Operators who existed before roles keep
 * every power they had: they become administrators. New operators always name their role.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('operators')
    .addColumn('role', 'text', (col) =>
      col
        .notNull()
        .defaultTo('administrator')
        .check(sql`role in ('administrator', 'reviewer')`),
    )
    // The confirmed TOTP secret and the one being enrolled, both sealed (AES-256-GCM).
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('totp_enabled_at', 'timestamptz')
    // The last 30-second step a code was accepted for: an older or equal step is a replay.
    .addColumn('totp_last_step', 'bigint')
    .execute();
  await sql`alter table operators alter column role drop default`.execute(db);
  await sql`alter table operators add constraint operators_totp_enabled check ((totp_enabled_at is null) = (totp_secret is null))`.execute(
    db,
  );

  // signed_in: a working session; code: the password was right, a second factor is awaited;
  // enrol: two-factor is required and the operator must set it up before anything else.
  await db.schema
    .alterTable('operator_sessions')
    .addColumn('stage', 'text', (col) =>
      col
        .notNull()
        .defaultTo('signed_in')
        .check(sql`stage in ('signed_in', 'code', 'enrol')`),
    )
    .execute();

  await db.schema
    .createTable('operator_recovery_codes')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('operator_id', 'integer', (col) => col.notNull().references('operators.id'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('operator_recovery_codes_by_operator').on('operator_recovery_codes').column('operator_id').execute();

  // One row: settings of the back office's own sign-in.
  await db.schema
    .createTable('operator_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('two_factor_required', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into operator_settings (id) values (1)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_settings').execute();
  await db.schema.dropTable('operator_recovery_codes').execute();
  await db.schema.alterTable('operator_sessions').dropColumn('stage').execute();
  await db.schema.alterTable('operators').dropConstraint('operators_totp_enabled').execute();
  await db.schema
    .alterTable('operators')
    .dropColumn('totp_last_step')
    .dropColumn('totp_enabled_at')
    .dropColumn('totp_pending_secret')
    .dropColumn('totp_secret')
    .dropColumn('role')
    .execute();
}
