import type { Kysely } from 'kysely';

/**
 * The audit log is read newest first, whole or narrowed to one kind of action or one subject (what
 * happened to order 57); the setup checklist asks whether settings were ever saved. Each index
 * ends with the id, so a narrowed page is read in order from the index, however long the log grows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('audit_log_by_action').on('audit_log').columns(['action', 'id']).execute();
  await db.schema.createIndex('audit_log_by_subject').on('audit_log').columns(['subject_type', 'subject_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_by_subject').execute();
  await db.schema.dropIndex('audit_log_by_action').execute();
}
