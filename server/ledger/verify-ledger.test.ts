import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMember, insertUser, points } from '../../tests/helpers/ledger.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';

function verifyLedger(dataDir: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ['server/cli/admin.ts', 'verify-ledger'], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('npm run admin -- verify-ledger (embedded database)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-verify-ledger-'));
    const database = await openDatabase({ dataDir });
    await migrateToLatest(database.db);
    await fundMember(database.db, await insertUser(database.db), points(250));
    await database.close();
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('reports a consistent ledger and exits 0', () => {
    const { status, output } = verifyLedger(dataDir);
    expect(output).toContain('ledger consistent: 1 journals, 2 entries');
    expect(status).toBe(0);
  });

  it('notices a cached balance edited behind the ledger’s back, and exits 1', async () => {
    const database = await openDatabase({ dataDir });
    await sql`update ledger_accounts set balance = balance + 1 where kind = 'member_main'`.execute(database.db);
    await database.close();
    const { status, output } = verifyLedger(dataDir);
    expect(output).toMatch(/ledger check failed: cached balance differs from entries: accounts \d+; balances sum to 1, not zero/);
    expect(status).toBe(1);
  });
});
