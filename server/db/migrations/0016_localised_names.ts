import { type Kysely, sql } from 'kysely';
import { seededProductNames, seededRoomNames } from '../seeded-names.ts';

/**
 * Names in the member's language (issue 19): products and engine rooms keep `name` (the API's field,
 * the fallback) and gain their names, and rooms their locations, in each of the three languages.
 * Rows still carrying a seeded English name get the seeded translations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('names', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema
    .alterTable('engine_rooms')
    .addColumn('names', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema
    .alterTable('engine_rooms')
    .addColumn('locations', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  for (const [name, names] of Object.entries(seededProductNames)) {
    await sql`update products set names = ${JSON.stringify(names)}::jsonb where name = ${name}`.execute(db);
  }
  for (const [name, { names, locations }] of Object.entries(seededRoomNames)) {
    await sql`update engine_rooms set names = ${JSON.stringify(names)}::jsonb, locations = ${JSON.stringify(locations)}::jsonb
      where name = ${name}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('engine_rooms').dropColumn('locations').dropColumn('names').execute();
  await db.schema.alterTable('products').dropColumn('names').execute();
}
