import { sql, type Kysely } from 'kysely';

/**
 * When an operator last set or confirmed an engine room's installed capacity (decision 037): the seeded
 * rooms' capacities are samples, and income is shared by capacity, so the setup checklist counts a room
 * only once an operator has added it, saved it or set its capacity. Rooms an operator already touched
 * (the audit log says so) count from then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('engine_rooms').addColumn('capacity_confirmed_at', 'timestamptz').execute();
  await sql`update engine_rooms room set capacity_confirmed_at = confirmed.at
    from (select subject_id, max(created_at) as at from audit_log
          where subject_type = 'engine_room' and operator_id is not null
            and action in ('engine_room.create', 'engine_room.update', 'engine_room.capacity')
          group by subject_id) confirmed
    where confirmed.subject_id = room.id::text and room.capacity_units is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('engine_rooms').dropColumn('capacity_confirmed_at').execute();
}
