import { sql, type Kysely } from 'kysely';

/**
 * Each alert address may be written to in one language rather than all three (issue 35, decision 064 amended):
 * address → locale; an address not listed gets the three languages, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('operator_settings')
    .addColumn('alert_email_locales', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operator_settings').dropColumn('alert_email_locales').execute();
}
