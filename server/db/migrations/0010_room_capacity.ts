import { type Kysely, sql } from 'kysely';

/** What the seeded rooms hold: each can host every unit of the seeded product (23 units of 1 MW). */
const seededRoomCapacityUnits = 23;

/**
 * Income by ownership (PRODUCT.md decision 1, decision record 010): a room's installed capacity
 * in units is what each order's units are a share of. A room without one earns nobody anything
 * until an operator sets it. Each distribution keeps the basis it divided by, so a day can be
 * explained later; days shared out before this migration keep a null basis (shared by amount).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('engine_rooms')
    .addColumn('capacity_units', 'integer', (col) => col.check(sql`capacity_units > 0`))
    .execute();
  await sql`update engine_rooms set capacity_units = ${seededRoomCapacityUnits} where id in (1, 2)`.execute(db);
  // In hundred-millionths of a unit, like orders.units_e8: the larger of the capacity and the units sold.
  await db.schema.alterTable('income_distributions').addColumn('basis_units_e8', 'bigint').execute();
  // A day stopped half-way by this upgrade goes on by the new rule; finished days keep what was paid.
  await sql`update income_distributions d set basis_units_e8 = r.capacity_units::bigint * 100000000
    from engine_rooms r where r.id = d.engine_room_id and d.finished_at is null and r.capacity_units is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('income_distributions').dropColumn('basis_units_e8').execute();
  await db.schema.alterTable('engine_rooms').dropColumn('capacity_units').execute();
}
