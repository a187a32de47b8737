import type { Kysely } from 'kysely';

/**
 * Whether a page's locale is behind an edit of the same page in another locale (decision 036):
 * kept on the row, so a publish does not forget it; set on the other locales when an operator
 * changes a locale that was not itself behind, cleared when this locale is saved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('site_content')
    .addColumn('translation_behind', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('site_content').dropColumn('translation_behind').execute();
}
