import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openUnmigratedDatabase } from '../../tests/helpers/test-app.ts';
import { migrateToLatest, migrator, type DatabaseHandle } from '../db/database.ts';

/**
 * A database from before decision 037: three rooms, one whose capacity an operator set, one an operator
 * renamed, one nobody touched since the seed (a script's entry without an operator does not count).
 * Migration 0028 must count the first two as confirmed and leave the sample alone.
 */
describe.each(databaseKinds())('migration 0028 on an existing %s database', (kind) => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, close } = await openUnmigratedDatabase(kind));
    const { error } = await migrator(database.db).migrateTo('0027_translation_behind');
    expect(error).toBeUndefined();
    await sql`insert into operators (id, username, password_hash, role) values (1, 'desk', 'x', 'administrator')`.execute(database.db);
    await sql`insert into engine_rooms (id, name, type, location, capacity_units) values
      (101, 'Set', 'Array', 'Tainan', 40), (102, 'Renamed', 'Array', 'Tainan', 23), (103, 'Sample', 'Array', 'Tainan', 23)`.execute(
      database.db,
    );
    await sql`insert into audit_log (operator_id, action, subject_type, subject_id) values
      (1, 'engine_room.capacity', 'engine_room', '101'), (1, 'engine_room.update', 'engine_room', '102'),
      (null, 'engine_room.capacity', 'engine_room', '103')`.execute(database.db);
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await close();
  });

  it('confirms the rooms an operator set or saved, and leaves the untouched sample unconfirmed', async () => {
    const rows = await sql<{ id: number; confirmed: boolean }>`
      select id, capacity_confirmed_at is not null as confirmed from engine_rooms where id > 100 order by id`.execute(database.db);
    expect(rows.rows).toEqual([
      { id: 101, confirmed: true },
      { id: 102, confirmed: true },
      { id: 103, confirmed: false },
    ]);
  });
});
