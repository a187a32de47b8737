import { type Kysely, sql } from 'kysely';
import { seededUnits } from '../seeded-names.ts';

/**
 * Operators edit the catalogue (decision 027): each product gains a description, specifications and
 * a unit in each language, its pictures and certificates, and an on-sale flag. A hidden product is
 * neither listed nor sold to members; orders already placed for it stay as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('descriptions', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('specifications', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('units', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('pictures', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('certificates', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('on_sale', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();
  // Products already sold are counted in shares: their unit says so, so an operator's first edit has every field.
  await sql`update products set units = ${JSON.stringify(seededUnits)}::jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .dropColumn('on_sale')
    .dropColumn('certificates')
    .dropColumn('pictures')
    .dropColumn('units')
    .dropColumn('specifications')
    .dropColumn('descriptions')
    .execute();
}
