/**
 * The back office at a business's size (issue 35): 10,000 members, 100,000 orders and 100,000 audit
 * entries written straight into a scratch PostgreSQL, then every tab's first requests timed as an
 * operator's browser sends them. A tab's figure is its slowest request (they go out together): the
 * first one after start-up, and the median of the next five. The goal is 300 ms for a first open.
 */
import { sql } from 'kysely';
import { upsertOperator } from '../../server/operators/login.service.ts';
import { openDatabase } from '../../server/db/database.ts';
import { startProduct } from '../helpers/product-server.ts';
import { createScratchDatabase } from '../helpers/test-app.ts';

export const backOfficeGoalMs = 300;
const members = 10_000;
const orders = 100_000;
const auditEntries = 100_000;
const repeats = 5;

export interface TabFigure {
  tab: string;
  firstMs: number;
  medianMs: number;
}

/** Each tab and the requests its first open makes (widgets/admin), with the seeded member's id and a day. */
function tabRequests(memberId: number, day: string): Record<string, string[]> {
  return {
    dashboard: ['/dashboard', '/work-counts'],
    notices: ['/order-notices?status=pending&page=1', '/order-notices?status=rejected&page=1'],
    statements: ['/bank-statements?page=1', '/bank-statement-accounts'],
    verifications: ['/verifications?status=pending&page=1'],
    withdrawals: ['/withdrawals?status=accepted&page=1'],
    reviews: ['/refunds?status=owed&page=1'],
    orders: ['/orders?page=1'],
    'orders (searched)': ['/orders?q=bo_777&page=1'],
    revenue: ['/revenue?page=1', '/revenue/held'],
    books: [`/books/close?day=${day}`],
    members: ['/members?status=suspended&page=1', '/adjustments?status=pending&page=1'],
    'members (searched)': ['/members?q=bo_4242&page=1'],
    'a member’s page': [
      `/members/${memberId}`,
      `/members/${memberId}/orders?page=1`,
      `/members/${memberId}/ledger?page=1`,
      `/members/${memberId}/adjustments?page=1`,
    ],
    audit: ['/audit?page=1'],
  };
}

async function seed(url: string): Promise<number> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    const db = database.db;
    await sql`insert into users (username, password_hash, referral_code, realname, verification_status)
      select 'bo_' || g, 'bench-never-logs-in', 'BO' || lpad(g::text, 8, '0'), '會員' || g,
             case when g % 10 = 0 then 'pending' else 'approved' end
      from generate_series(1, ${members}) g`.execute(db);
    const first = await sql<{ id: number }>`select min(id) as id from users where username like 'bo_%'`.execute(db);
    const firstId = first.rows[0]?.id ?? 1;
    await sql`insert into orders (order_number, user_id, product_id, item_count, amount, unit_price, units_e8,
        delivery_method_id, engine_room_id, payment_method_id, status, paid_at, payer_name, bank_reference)
      select 'BO' || lpad(g::text, 10, '0'), ${firstId} + (g % ${members}), 1, 1, 30000000, 150000000000, 20000000,
             1, 1 + (g % 2), 1, case when g % 7 = 0 then 1 when g % 11 = 0 then 4 else 3 end,
             case when g % 7 = 0 or g % 11 = 0 then null else now() - (g || ' minutes')::interval end,
             '會員' || (g % ${members}), 'REF-' || g
      from generate_series(1, ${orders}) g`.execute(db);
    await sql`insert into audit_log (operator_id, action, subject_type, subject_id, before, after)
      select null, 'member.suspend', 'user', (${firstId} + (g % ${members}))::text, '{"account_status":"active"}', '{"account_status":"suspended","reason":"bench"}'
      from generate_series(1, ${auditEntries}) g`.execute(db);
    await sql`analyze`.execute(db);
    return firstId + 4242;
  } finally {
    await database.close();
  }
}

async function timed(baseUrl: string, token: string, path: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/admin/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return performance.now() - started;
}

/** Every tab's first open and its median of five more, on PostgreSQL at the seeded size. */
export async function backOfficeFigures(): Promise<TabFigure[]> {
  const scratch = await createScratchDatabase();
  const server = await startProduct({ DATABASE_URL: scratch.url, ORDER_EXPIRY_CHECK_MINUTES: '0' });
  try {
    const memberId = await seed(scratch.url);
    const operatorDb = await openDatabase({ databaseUrl: scratch.url });
    await upsertOperator(operatorDb.db, 'bench_desk', 'bench operator passphrase', 'administrator');
    await operatorDb.close();
    const login = await fetch(`${server.baseUrl}/api/admin/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench_desk', password: 'bench operator passphrase' }),
    });
    const token = ((await login.json()) as { detail: { token: string } }).detail.token;
    const day = new Date().toISOString().slice(0, 10);
    const figures: TabFigure[] = [];
    for (const [tab, paths] of Object.entries(tabRequests(memberId, day))) {
      const open = async () => Math.max(...(await Promise.all(paths.map((path) => timed(server.baseUrl, token, path)))));
      const firstMs = await open();
      const later: number[] = [];
      for (let round = 0; round < repeats; round += 1) later.push(await open());
      later.sort((a, b) => a - b);
      figures.push({ tab, firstMs, medianMs: later[Math.floor(later.length / 2)] ?? 0 });
    }
    return figures;
  } finally {
    await server.dispose();
    await scratch.drop();
  }
}

export function printBackOffice(figures: readonly TabFigure[]): void {
  console.log(
    `\nBack office at ${members.toLocaleString('en')} members, ${orders.toLocaleString('en')} orders, ${auditEntries.toLocaleString('en')} audit entries (PostgreSQL; goal: a first open under ${backOfficeGoalMs} ms)`,
  );
  console.log('| Tab | first open (ms) | median of 5 (ms) | goal |');
  console.log('|---|---|---|---|');
  for (const figure of figures)
    console.log(
      `| ${figure.tab} | ${figure.firstMs.toFixed(0)} | ${figure.medianMs.toFixed(0)} | ${figure.firstMs <= backOfficeGoalMs ? 'met' : 'not met'} |`,
    );
}
