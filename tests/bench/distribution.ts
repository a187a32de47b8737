/**
 * The income distribution at scale: one business day of one engine room shared among N paid
 * orders (100,000 on the embedded database; 1,000,000 on PostgreSQL when DATABASE_URL is set),
 * timed beside two INSERT … SELECT generate_series of as many rows in the same run (into a bare
 * temporary table, and into a logged table shaped as the income records, their indexes included),
 * with the Node process's peak memory while it runs. Figures, not verdicts: `npm run bench` prints them.
 */
import { sql } from 'kysely';
import { upsertOperator } from '../../server/operators/login.service.ts';
import { seedDatabase } from '../../server/seed.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { migrateToLatest, openDatabase, type Db } from '../../server/db/database.ts';
import { distributeIncome } from '../../server/distribution/distribution.service.ts';
import { recordRevenue } from '../../server/revenue/revenue.service.ts';
import { dateInZone } from '../../server/db/business-day.ts';
import { createScratchDatabase } from '../helpers/test-app.ts';

const members = 1_000;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** Samples the process's resident memory while `work` runs; returns the peak above the start. */
async function peakMemory<T>(work: () => Promise<T>): Promise<{ value: T; peakMiB: number }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, peakMiB: (peak - base) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

async function prepare(db: Db, config: Config, orders: number, day: string, paidAt: Date): Promise<void> {
  await migrateToLatest(db);
  await seedDatabase(db);
  await sql`insert into users (username, password_hash, referral_code)
    select 'bench' || g, 'x', 'B' || lpad(g::text, 9, '0') from generate_series(1, ${members}) g`.execute(db);
  await sql`insert into orders (order_number, user_id, product_id, item_count, amount, unit_price, units_e8, delivery_method_id, engine_room_id, payment_method_id, status, paid_at)
    select 'BENCH' || g, (select min(id) from users) + (g % ${members}), 1, 1, (3000 + g % 97) * 10000, 150000000000,
      div((3000 + g % 97) * 10000::numeric * 100000000 + 150000000000 - 1, 150000000000), 1, 1, 1, 3, ${paidAt}::timestamptz
    from generate_series(1, ${orders}) g`.execute(db);
  await upsertOperator(db, 'bench_operator', 'bench operator passphrase');
  const operator = await db.selectFrom('operators').select('id').executeTakeFirstOrThrow();
  await recordRevenue(db, config, operator.id, 1, {
    business_date: day,
    kwh: '125000',
    revenue: '987654.3210',
    evidence: 'bench',
  });
}

export async function distributionFigures(kind: 'pglite' | 'postgres', orders: number): Promise<string> {
  const scratch = kind === 'postgres' ? await createScratchDatabase() : undefined;
  const database = await openDatabase(scratch === undefined ? { memory: true } : { databaseUrl: scratch.url });
  // Shared at once, as one operator records and shares a day: the revenue hold (decision 049) would leave it waiting.
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent-bench-data', REVENUE_HOLD_MINUTES: '0' });
  try {
    const day = dateInZone(new Date(Date.now() - 2 * 86_400_000), config.businessTimeZone);
    await prepare(database.db, config, orders, day, new Date(Date.now() - 5 * 86_400_000));
    // The baselines, as many rows written by the database alone in the same run: into a bare
    // temporary table (no log, no index), and into a table shaped as the income records (logged,
    // their indexes and checks), which is what keeping the records costs whoever writes them.
    await sql`create temporary table bench_baseline (id bigint, order_id bigint, user_id integer, amount bigint, label text)`.execute(
      database.db,
    );
    const bare = await timed(() =>
      sql`insert into bench_baseline select g, g, g % ${members}, g * 7, 'IR' || g from generate_series(1, ${orders}) g`.execute(
        database.db,
      ),
    );
    await sql`create table bench_records (like income_records including all)`.execute(database.db);
    const shaped = await timed(() =>
      sql`insert into bench_records (interest_record_number, order_id, user_id, engine_room_id, business_date, amount)
        select 'IR20260101-' || g, g, g % ${members}, 1, '2026-01-01', g * 7 from generate_series(1, ${orders}) g`.execute(database.db),
    );
    await sql`drop table bench_records`.execute(database.db);
    const run = await timed(() => peakMemory(() => distributeIncome(database.db, config, { date: day })));
    const summary = run.value.value;
    // A run that shares nothing out takes no time: its ratio would read as met (it did, while the revenue was held).
    if (summary.ordersCredited !== orders) throw new Error(`The distribution credited ${summary.ordersCredited} of ${orders} orders`);
    const ratio = (baseline: { ms: number }) => `${(run.ms / baseline.ms).toFixed(1)}×`;
    const shapedRatio = run.ms / shaped.ms;
    return (
      `${kind.padEnd(9)} ${String(orders).padStart(9)} orders: distribution ${(run.ms / 1000).toFixed(2)} s, ` +
      `${summary.ordersCredited} credited, Node peak memory +${run.value.peakMiB.toFixed(0)} MiB (goal ≤ 100 MiB)\n` +
      `${' '.repeat(27)}beside a bare INSERT … SELECT into a temporary table ${(bare.ms / 1000).toFixed(2)} s: ${ratio(bare)}\n` +
      `${' '.repeat(27)}beside the same rows into a table shaped as the income records ${(shaped.ms / 1000).toFixed(2)} s: ` +
      `${shapedRatio.toFixed(1)}× (goal ≤ 4×: ${shapedRatio <= 4 ? 'met' : 'not met'})`
    );
  } finally {
    await database.close();
    await scratch?.drop();
  }
}
