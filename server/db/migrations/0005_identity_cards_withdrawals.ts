import { type Kysely, sql } from 'kysely';

/**
 * Identity verification (photos and the operator's decision), bank cards with their numbers
 * encrypted, and withdrawals to those cards (PRODUCT.md decision 3).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('countries')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('certificate_types')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('certificate_front_id', 'bigint', (col) => col.references('uploads.id'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('certificate_back_id', 'bigint', (col) => col.references('uploads.id'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('certificate_handle_id', 'bigint', (col) => col.references('uploads.id'))
    .execute();
  await db.schema.alterTable('users').addColumn('verification_reason', 'text').execute();
  await db.schema.alterTable('users').addColumn('verification_submitted_at', 'timestamptz').execute();
  await db.schema.alterTable('users').addColumn('password_changed_at', 'timestamptz').execute();

  await db.schema
    .createTable('bank_cards')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('cardholder', 'text', (col) => col.notNull())
    .addColumn('bank_name', 'text', (col) => col.notNull())
    // AES-256-GCM under the configured key; the last four digits stay readable for lists.
    .addColumn('card_number_cipher', 'text', (col) => col.notNull())
    .addColumn('card_last4', 'text', (col) => col.notNull())
    // A keyed hash of the number: finds a member's duplicate card without decrypting anything.
    .addColumn('card_number_digest', 'text', (col) => col.notNull())
    .addColumn('payment_name', 'text', (col) => col.notNull())
    .addColumn('daily_quota', 'bigint', (col) => col.check(sql`daily_quota > 0`))
    .addColumn('province', 'text')
    .addColumn('city', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('number_changed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create unique index bank_cards_one_per_number on bank_cards (user_id, card_number_digest) where deleted_at is null`.execute(db);

  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('bank_card_id', 'integer', (col) => col.notNull().references('bank_cards.id'))
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount > 0`))
    // 1 accepted (held), 2 completed (paid out), 3 failed (rejected, hold released): the transfer statuses.
    .addColumn('status', 'smallint', (col) => col.notNull().check(sql`status in (1, 2, 3)`))
    .addColumn('business_date', 'date', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('bank_reference', 'text')
    .addColumn('decided_by', 'integer', (col) => col.references('operators.id'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index withdrawals_idempotency on withdrawals (user_id, idempotency_key)`.execute(db);
  await sql`create index withdrawals_by_user on withdrawals (user_id, id desc)`.execute(db);
  await sql`create index withdrawals_by_status on withdrawals (status, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('withdrawals').execute();
  await db.schema.dropTable('bank_cards').execute();
  for (const column of [
    'password_changed_at',
    'verification_submitted_at',
    'verification_reason',
    'certificate_handle_id',
    'certificate_back_id',
    'certificate_front_id',
  ]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
  await db.schema.dropTable('certificate_types').execute();
  await db.schema.dropTable('countries').execute();
}
