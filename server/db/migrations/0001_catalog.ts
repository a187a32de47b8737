import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('price', 'bigint', (col) => col.notNull().check(sql`price > 0`))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 0`))
    .addColumn('rated_capacity_watts', 'bigint', (col) => col.notNull().check(sql`rated_capacity_watts > 0`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('products').execute();
}
