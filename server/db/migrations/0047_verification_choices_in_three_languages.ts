import { sql, type Kysely } from 'kysely';

/**
 * The countries and certificate types a member chooses from when verifying had one English name each, and only an
 * edit of the code could add one (issue 35). Each now has its name in every language and can be switched off by an
 * operator (members no longer choose it; those who did keep it). The seeded rows get their names here where they
 * have none; the seed adds Taiwan.
 */
const seededNames: [table: 'countries' | 'certificate_types', id: number, type: string, names: Record<string, string>][] = [
  ['countries', 1, 'China', { zhs: '中国', zht: '中國', eng: 'China' }],
  ['countries', 2, 'Vietnam', { zhs: '越南', zht: '越南', eng: 'Vietnam' }],
  ['certificate_types', 1, 'Identity card', { zhs: '身份证', zht: '身分證', eng: 'Identity card' }],
  ['certificate_types', 2, 'Passport', { zhs: '护照', zht: '護照', eng: 'Passport' }],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['countries', 'certificate_types'] as const) {
    await db.schema
      .alterTable(table)
      .addColumn('names', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
      .execute();
  }
  for (const [table, id, type, names] of seededNames)
    await sql`update ${sql.table(table)} set names = ${JSON.stringify(names)}::jsonb
      where id = ${id} and type = ${type} and names = '{}'::jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['countries', 'certificate_types'] as const) {
    await db.schema.alterTable(table).dropColumn('enabled').execute();
    await db.schema.alterTable(table).dropColumn('names').execute();
  }
}
