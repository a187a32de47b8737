import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { startProductProcess, stopProcess } from '../../tests/helpers/product-process.ts';
import { upsertOperator } from '../operators/login.service.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { accounts, balanceOf } from '../ledger/accounts.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { dateInZone } from '../db/business-day.ts';
import { recordRevenue } from '../revenue/revenue.service.ts';

/** The day's revenue in ten-thousandths of a point; less the 10 % fee, shared in equal units among the orders. */
const revenue = 33_333_333_333n;
/** Enough orders that the distribution is still running when the process is killed. */
const orders = 60_000;
const members = 200;
const expectedTotal = ((revenue * 9_000n) / 10_000n / BigInt(orders)) * BigInt(orders);
const expectedPoints = Number(expectedTotal) / 10_000;

/** Income records written so far for the day, read while the server is stopped (one writer at a time). */
async function withDatabase<T>(dataDir: string, work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

describe('a SIGKILL in the middle of an income distribution (embedded database)', () => {
  let dataDir: string | undefined;
  let running: ChildProcess | undefined;
  afterAll(async () => {
    if (running !== undefined) await stopProcess(running, 'SIGKILL');
    if (dataDir !== undefined) await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** The room's income for the day as the public proof shows it (0 until a first batch is committed). */
  const paidOutOn = async (baseUrl: string, day: string) => {
    const response = await fetch(`${baseUrl}/api/v1/trust`);
    const body = (await response.json()) as { detail: { data: { engine_room_id: number; business_date: string; income: number }[] } };
    return body.detail.data.find((row) => row.engine_room_id === 1 && row.business_date === day)?.income ?? 0;
  };

  it('restarts with nothing half-written: each order paid once, the ledger balanced', { timeout: 240_000 }, async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-distribution-crash-'));
    // A first start migrates and seeds the data folder; then the orders and a recorded day are written directly.
    running = (await startProductProcess(dataDir)).child;
    await stopProcess(running, 'SIGTERM');
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, REVENUE_HOLD_MINUTES: '0' });
    const day = dateInZone(new Date(Date.now() - 2 * 86_400_000), config.businessTimeZone);
    await withDatabase(dataDir, async (db) => {
      await sql`insert into users (username, password_hash, referral_code)
        select 'crash' || g, 'x', 'C' || lpad(g::text, 9, '0') from generate_series(1, ${members}) g`.execute(db);
      // One unit costs 1,000 points; each order buys one unit of room 1, whose capacity is raised to hold them all.
      await sql`insert into orders (order_number, user_id, product_id, item_count, amount, unit_price, units_e8, delivery_method_id, engine_room_id, payment_method_id, status, paid_at)
        select 'CRASH' || g, (select min(id) from users where username like 'crash%') + (g % ${members}), 1, 1, 10000000, 10000000, 100000000, 1, 1, 1, 3, now() - interval '5 days'
        from generate_series(1, ${orders}) g`.execute(db);
      await db.updateTable('engine_rooms').set({ capacity_units: orders }).where('id', '=', 1).execute();
      await upsertOperator(db, 'crash_operator', 'crash operator passphrase');
      const operator = await db.selectFrom('operators').select('id').executeTakeFirstOrThrow();
      await recordRevenue(db, config, operator.id, 1, { business_date: day, kwh: '1000', revenue: '3333333.3333', evidence: 'meter' });
    });

    // The schedule's first look (a second after start) begins sharing the ended day; kill it as soon as the
    // public proof shows a first batch paid, so the kill lands part-way however fast this machine is today.
    const first = await startProductProcess(dataDir);
    running = first.child;
    const firstDeadline = Date.now() + 60_000;
    while ((await paidOutOn(first.baseUrl, day)) === 0 && Date.now() < firstDeadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await stopProcess(running, 'SIGKILL');
    const partial = await withDatabase(dataDir, async (db) => {
      const row = await sql<{ n: string }>`select count(*) as n from income_records where business_date = ${day}::date`.execute(db);
      return Number(row.rows[0]?.n ?? 0);
    });

    // Started again, the schedule catches up on the rest of the day: watch the public proof until it is all paid.
    const restarted = await startProductProcess(dataDir);
    running = restarted.child;
    const deadline = Date.now() + 120_000;
    while ((await paidOutOn(restarted.baseUrl, day)) < expectedPoints && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 500));
    await stopProcess(running, 'SIGTERM');

    await withDatabase(dataDir, async (db) => {
      const records = await sql<{ n: string; orders: string; total: string }>`
        select count(*) as n, count(distinct order_id) as orders, coalesce(sum(amount), 0) as total
        from income_records where business_date = ${day}::date`.execute(db);
      const [summary] = records.rows;
      // Every order exactly once, each its one unit's share of the day less the fee.
      expect(Number(summary?.n)).toBe(orders);
      expect(Number(summary?.orders)).toBe(orders);
      expect(BigInt(summary?.total ?? '0')).toBe(expectedTotal);
      expect(await balanceOf(db, accounts.engineRoomRevenue(1))).toBe(revenue - expectedTotal);
      expect(await auditLedger(db)).toMatchObject({ unbalancedJournals: [], driftedAccounts: [], negativeAccounts: [] });
    });
    // The kill landed part-way (neither before the first batch was committed nor after the last), or the test proves little.
    expect(partial).toBeLessThan(orders);
  });
});
