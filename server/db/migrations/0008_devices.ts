import { type Kysely, sql } from 'kysely';

/**
 * Machines (PRODUCT.md decision 6): the operators' inventory, each machine in an engine room
 * with a secret it reports in with (stored only as a hash), bound to at most one member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('devices')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('serial_number', 'text', (col) => col.notNull())
    .addColumn('engine_room_id', 'integer', (col) => col.notNull().references('engine_rooms.id'))
    // SHA-256 of the device secret; the secret itself is shown to the operator once.
    .addColumn('secret_hash', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id'))
    .addColumn('bound_at', 'timestamptz')
    .addColumn('last_heartbeat_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // Serials are typed by hand from a label: "gs-0001" and "GS-0001" are one machine.
  await sql`create unique index devices_serial_number on devices (lower(serial_number))`.execute(db);
  await sql`create index devices_by_user on devices (user_id, id) where user_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('devices').execute();
}
