import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../tests/helpers/test-app.ts';
import { openDatabase } from './database.ts';
import { StatementNames } from './prepared-statements.ts';

describe('statement names', () => {
  it('gives one text one name, every time', () => {
    const names = new StatementNames();
    const first = names.nameOf('select 1 where $1 = 1');
    expect(first).toMatch(/^gs_\d+$/);
    expect(names.nameOf('select 1 where $1 = 1')).toBe(first);
    expect(names.nameOf('update users set email = $1 where id = $2')).not.toBe(first);
  });

  it('names no utility statement: those cannot be prepared', () => {
    const names = new StatementNames();
    expect(names.nameOf('create table x (id int)')).toBeUndefined();
    expect(names.nameOf("select pg_notify('channel', $1)")).toBeDefined();
  });

  it('stops naming new texts at its bound, and keeps the names it gave', () => {
    const names = new StatementNames();
    const kept = names.nameOf('select $1::int');
    for (let index = 0; index < 2_000; index += 1) names.nameOf(`select ${index} + $1::int`);
    expect(names.nameOf('select -1 + $1::int')).toBeUndefined();
    expect(names.nameOf('select $1::int')).toBe(kept);
  });
});

describe.runIf(process.env.DATABASE_URL)('prepared statements on PostgreSQL', () => {
  it('a statement with parameters is prepared once per connection and answers the same on every call', async () => {
    const scratch = await createScratchDatabase();
    const database = await openDatabase({ databaseUrl: scratch.url });
    try {
      const prepared = await database.db.connection().execute(async (connection) => {
        const answers = [];
        for (const value of [1, 2, 3])
          answers.push((await sql<{ doubled: number }>`select ${value}::int * 2 as doubled`.execute(connection)).rows);
        expect(answers).toEqual([[{ doubled: 2 }], [{ doubled: 4 }], [{ doubled: 6 }]]);
        const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements where name like 'gs_%'`.execute(
          connection,
        );
        return rows.map((row) => row.statement);
      });
      expect(prepared).toContain('select $1::int * 2 as doubled');
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});
