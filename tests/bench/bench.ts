/**
 * Prints the product's speed figures, each beside what it is measured against in the same run:
 * start-up to the first served request; GET /api/health beside bare Fastify, its fixed cost split
 * into headers, hooks and request logging; member reads beside GET /api/health and `v1/check` beside
 * `pgbench -S`; wallet transfers beside `pgbench -N` on the same PostgreSQL; one server process beside three on one PostgreSQL;
 * the income distribution beside a bare INSERT … SELECT; the partner widgets' bytes and the time to
 * the first widget on a partner page; a publish of the whole brand site. Not part of the test command: figures,
 * not verdicts, and noisy on a shared machine (BENCH_SECONDS sets the length of each figure;
 * BENCH_WIDGETS, BENCH_EMBEDDED, BENCH_DISTRIBUTION, BENCH_BACK_OFFICE and BENCH_SITE set to 0 leave a part out;
 * BENCH_ONLY=fixed-cost runs the fixed cost of a request alone, on PostgreSQL where DATABASE_URL is set). The back
 * office's tabs are timed at 10,000 members and 100,000 orders on PostgreSQL.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { passwordHashParameters } from '../../server/auth/password.ts';
import { distributionBatchSize } from '../../server/distribution/distribution.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';
import { createScratchDatabase } from '../helpers/test-app.ts';
import { distributionFigures } from './distribution.ts';
import { acrossServers, durationSeconds, load, ratioAgainstGoal, row, transferLoad } from './load.ts';
import { connections, loadNote, measureServer, routeFigure, type ServerFigures } from './member-figures.ts';
import { pgbenchLimits, type PgbenchLimits } from './pgbench.ts';
import { databaseTransferFigures, type DatabaseTransferFigures } from './pgbench-transfers.ts';
import { publishFigures } from './site-publish.ts';
import { measureFixedCost, printFixedCost } from './fixed-cost.ts';
import { printGoals } from './goals.ts';
import { backOfficeFigures, printBackOffice } from './back-office.ts';
import { createFundedMembers } from './transfer-members.ts';
import { firstWidgetFigures, widgetBytes } from './widget-figures.ts';

/** Members the spread transfer load rotates through; the hot load puts every transfer on one of them. */
const transferMembers = 1_000;
const benchUser = { username: 'benchmember', password: 'bench123' };
const loginSamples = 20;
/** Servers sharing one PostgreSQL must share the key card numbers are encrypted with. */
const sharedCardKey = 'ab'.repeat(32);

async function timedStart(env: Record<string, string>, dataDir?: string): Promise<{ ms: number; server: ProductServer }> {
  const started = performance.now();
  // At the log level a production install has by default: a line as each request comes in and one as it is answered.
  const server = await startProduct(
    { CARD_NUMBER_KEY: sharedCardKey, ORDER_EXPIRY_CHECK_MINUTES: '0', LOG_LEVEL: 'info', ...env },
    dataDir,
  );
  return { ms: performance.now() - started, server };
}

async function registerMember(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...benchUser, password_confirmation: benchUser.password, parent_code: 'SOLAR1' }),
  });
  const body = (await response.json()) as { detail: { token: string } };
  return body.detail.token;
}

async function loginLatencies(baseUrl: string): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < loginSamples; index += 1) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(benchUser),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`login failed with ${response.status}`);
    samples.push(performance.now() - started);
  }
  return samples;
}

function percentile(samples: number[], rank: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((rank / 100) * sorted.length) - 1)] ?? 0;
}

function printServerFigures(figures: ServerFigures, p99GoalMs: number, limits?: PgbenchLimits): void {
  const health = routeFigure(figures, '/api/health').rps;
  for (const { route, figure } of figures.routes) {
    const memberRead = ['/api/v1/check', '/api/v1/userWallet', '/api/v1/enjoycity'].includes(route);
    const ofReads =
      route === '/api/v1/check' && limits !== undefined ? `, ${ratioAgainstGoal(figure.rps, limits.reads, 0.15)} of pgbench -S` : '';
    console.log(
      row(
        route,
        figure,
        route === '/api/health'
          ? ''
          : `${(figure.rps / health).toFixed(3)} of health${memberRead ? `, member read ${ratioAgainstGoal(figure.rps, health, 0.25)}` : ''}${ofReads}`,
      ),
    );
  }
  console.log('POST /api/v1/enjoycity/1/deposit, 100 points, own Idempotency-Key each:');
  for (const { label, connections: count, figure } of figures.transfers) {
    const p99Goal = count === 50 ? `p99 goal ≤ ${p99GoalMs} ms: ${figure.p99 <= p99GoalMs ? 'met' : 'not met'}` : '';
    // The goals are set at pgbench's own client count; at 50 connections the ratio is printed for reading, not judged.
    const limit =
      limits === undefined
        ? ''
        : count === connections
          ? `${ratioAgainstGoal(figure.rps, limits.writes, 0.5)} of pgbench -N  `
          : `${(figure.rps / limits.writes).toFixed(3)} of pgbench -N  `;
    console.log(row(`  ${label}, ${count} conns`, figure, `${(figure.rps / health).toFixed(3)} of health  ${limit}${p99Goal}`));
  }
}

/** The same deposits without HTTP: what the ledger's work alone costs the database, beside `-N`. */
function printDatabaseTransfers({ lone, batched, batchSize }: DatabaseTransferFigures, pgbench: number): void {
  console.log('The transfer functions straight from pgbench (no HTTP, no Node), same database, same run:');
  console.log(
    `  one transfer per transaction, ${connections} clients`.padEnd(46),
    `${lone.toFixed(0).padStart(5)} a second  ${(lone / pgbench).toFixed(3)} of pgbench -N`,
  );
  console.log(
    `  batches of ${batchSize}, two at once (group commit)`.padEnd(46),
    `${batched.toFixed(0).padStart(5)} a second  ${(batched / pgbench).toFixed(3)} of pgbench -N`,
  );
}

async function embedded(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-bench-'));
  const fresh = await timedStart({}, dataDir);
  await fresh.server.stop();
  const transferTokens = await createFundedMembers({ dataDir }, transferMembers);
  const existing = await timedStart({}, dataDir);
  try {
    const token = await registerMember(existing.server.baseUrl);
    const figures = await measureServer(existing.server.baseUrl, existing.server.pid, token, transferTokens);
    const logins = await loginLatencies(existing.server.baseUrl);
    console.log(`\n== Embedded database (PGlite), one process; ${loadNote}`);
    console.log(`start-up to first served request, fresh data folder:    ${fresh.ms.toFixed(0)} ms`);
    console.log(
      `start-up to first served request, existing data folder: ${existing.ms.toFixed(0)} ms (goal ≤ 1500 ms: ${existing.ms <= 1500 ? 'met' : 'not met'})`,
    );
    printServerFigures(figures, 250);
    printFixedCost(
      await measureFixedCost(existing.server, async () => {
        // A data folder of its own: the embedded database takes one process per folder.
        const quiet = (await timedStart({ LOG_LEVEL: 'warn' })).server;
        return { ...quiet, stop: () => quiet.dispose() };
      }),
    );
    const { memoryKiB, passes, parallelism } = passwordHashParameters;
    console.log(
      `login latency, ${logins.length} sequential logins: p50 ${percentile(logins, 50).toFixed(1)} ms, p99 ${percentile(logins, 99).toFixed(1)} ms (argon2id m=${memoryKiB} KiB, t=${passes}, p=${parallelism})`,
    );
  } finally {
    await existing.server.dispose();
  }
}

/** One process, then three on the same database, so the figures sit side by side. */
async function postgres(): Promise<void> {
  const scratch = await createScratchDatabase();
  const servers: ProductServer[] = [];
  try {
    const env = { DATABASE_URL: scratch.url };
    const first = await timedStart(env);
    servers.push(first.server);
    const transferTokens = await createFundedMembers({ databaseUrl: scratch.url }, transferMembers);
    const token = await registerMember(first.server.baseUrl);
    const restarted = await timedStart(env);
    servers.push(restarted.server);
    const figures = await measureServer(first.server.baseUrl, first.server.pid, token, transferTokens);
    const limits = await pgbenchLimits(connections, durationSeconds);
    console.log(`\n== PostgreSQL, one process; ${loadNote}`);
    console.log(`start-up to first served request, migrated database: ${restarted.ms.toFixed(0)} ms`);
    if ('missing' in limits) console.log(limits.missing);
    else
      console.log(
        `pgbench, ${connections} clients, same server, same run: -N ${limits.writes.toFixed(0)} tps, -S ${limits.reads.toFixed(0)} tps (the limits)`,
      );
    printServerFigures(figures, 50, 'missing' in limits ? undefined : limits);
    const fixedCost = await measureFixedCost(first.server, async () => (await timedStart({ ...env, LOG_LEVEL: 'warn' })).server);
    printFixedCost(fixedCost);
    printGoals(figures, fixedCost, limits);
    if (!('missing' in limits))
      printDatabaseTransfers(await databaseTransferFigures(scratch.url, connections, durationSeconds), limits.writes);

    servers.push((await timedStart(env)).server);
    const urls = servers.map((server) => server.baseUrl);
    const perProcess = connections;
    const total = perProcess * urls.length;
    console.log(`\n== PostgreSQL, one process beside three (${total} connections in all; three processes get ${perProcess} each)`);
    const oneHealth = await load(`${urls[0]}/api/health`, {}, total);
    const threeHealth = await acrossServers(urls, (url) => load(`${url}/api/health`, {}, perProcess));
    const oneCheck = await load(`${urls[0]}/api/v1/check`, { authorization: `Bearer ${token}` }, total);
    const threeCheck = await acrossServers(urls, (url) => load(`${url}/api/v1/check`, { authorization: `Bearer ${token}` }, perProcess));
    const oneSpread = await transferLoad(urls[0] ?? '', transferTokens, total);
    const threeSpread = await acrossServers(urls, (url) => transferLoad(url, transferTokens, perProcess));
    const oneHot = await transferLoad(urls[0] ?? '', transferTokens.slice(0, 1), total);
    const threeHot = await acrossServers(urls, (url) => transferLoad(url, transferTokens.slice(0, 1), perProcess));
    for (const [label, one, three] of [
      ['GET /api/health', oneHealth, threeHealth],
      ['GET /api/v1/check', oneCheck, threeCheck],
      ['deposit, spread over 1,000 members', oneSpread, threeSpread],
      ['deposit, one hot member', oneHot, threeHot],
    ] as const) {
      console.log(row(`${label}, one process`, one));
      console.log(row(`${label}, three processes`, three, `${(three.rps / one.rps).toFixed(2)}× one`));
    }
  } finally {
    for (const server of servers) await server.stop();
    await scratch.drop();
  }
}

/** The fixed cost of a request alone: GET /api/health beside bare Fastify, split, on PostgreSQL where there is one. */
async function fixedCostOnly(): Promise<void> {
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase() : undefined;
  const env: Record<string, string> = scratch === undefined ? {} : { DATABASE_URL: scratch.url };
  console.log(`\n== ${scratch === undefined ? 'Embedded database (PGlite)' : 'PostgreSQL'}, one process; ${loadNote}`);
  const product = (await timedStart(env)).server;
  try {
    printFixedCost(
      await measureFixedCost(product, async () => {
        const quiet = (await timedStart({ ...env, LOG_LEVEL: 'warn' })).server;
        return { ...quiet, stop: () => quiet.dispose() };
      }),
    );
  } finally {
    await product.dispose();
    await scratch?.drop();
  }
}

console.log(
  `Machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load generator on the same machine`,
);
const only = process.env.BENCH_ONLY;
if (only === 'fixed-cost') {
  await fixedCostOnly();
  process.exit(0);
}
if (only !== undefined) throw new Error(`BENCH_ONLY names no part: ${only} (fixed-cost is the one)`);
if (process.env.BENCH_WIDGETS !== '0') {
  console.log('\n== Partner widgets');
  console.log(widgetBytes());
  console.log(await firstWidgetFigures());
}
if (process.env.BENCH_EMBEDDED !== '0') await embedded();
if (process.env.DATABASE_URL) await postgres();
else console.log('\nDATABASE_URL is not set: no PostgreSQL figures, no pgbench limit, no three-process figures');

if (process.env.BENCH_DISTRIBUTION !== '0') {
  console.log(
    `\nIncome distribution of one business day (${distributionBatchSize.toLocaleString('en')} orders per transaction), beside two INSERT … SELECT of as many rows (goal ≤ 4× the one shaped as the income records)`,
  );
  console.log(await distributionFigures('pglite', Number(process.env.BENCH_ORDERS_PGLITE ?? 100_000)));
  if (process.env.DATABASE_URL) console.log(await distributionFigures('postgres', Number(process.env.BENCH_ORDERS_POSTGRES ?? 1_000_000)));
}

if (process.env.BENCH_BACK_OFFICE !== '0' && process.env.DATABASE_URL) printBackOffice(await backOfficeFigures());

if (process.env.BENCH_SITE !== '0') {
  console.log('\nPublishing the brand site (every page in three locales; the build runs in child processes)');
  console.log(await publishFigures());
}
