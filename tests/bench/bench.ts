/**
 * Prints the product's speed figures: start-up time to the first served request on a fresh
 * and on an existing data folder, throughput and p99 latency of routes, and of wallet transfers
 * (spread over many members, and all on one hot member) beside GET /api/health at the same
 * connection counts, all measured in one run on this machine with autocannon. Not part of the
 * test command: figures, not verdicts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { passwordHashParameters } from '../../server/auth/password.ts';
import { freePort, waitUntilReady } from '../helpers/product-server.ts';
import { distributionFigures } from './distribution.ts';
import { createFundedMembers } from './transfer-members.ts';

const connections = 10;
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 5);

async function timedStart(dataDir: string): Promise<{ ms: number; baseUrl: string; stop(): Promise<void> }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(baseUrl, child, () => '');
  const ms = performance.now() - started;
  return {
    ms,
    baseUrl,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

interface Figure {
  rps: number;
  p99: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string> = {}, connectionCount = connections): Promise<Figure> {
  const result = await autocannon({ url, connections: connectionCount, duration: durationSeconds, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** Members the spread transfer load rotates through; the hot load puts every transfer on one of them. */
const transferMembers = 1_000;
const transferConnections = [10, 50] as const;

/**
 * Deposits of 100 points to the store, each with its own Idempotency-Key as a careful client
 * sends, rotating through the given members' tokens.
 */
async function transferLoad(baseUrl: string, tokens: string[], connectionCount: number): Promise<Figure> {
  let sequence = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: connectionCount,
    duration: durationSeconds,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/enjoycity/1/deposit',
        setupRequest: (request) => {
          sequence += 1;
          return {
            ...request,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              authorization: `Bearer ${tokens[sequence % tokens.length]}`,
              'idempotency-key': `bench-${connectionCount}-${tokens.length}-${sequence}`,
            },
            body: 'amount=100',
          };
        },
      },
    ],
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function transferFigures(baseUrl: string, tokens: string[]) {
  const rows: { label: string; connections: number; figure: Figure; health: Figure }[] = [];
  for (const connectionCount of transferConnections) {
    const health = await load(`${baseUrl}/api/health`, {}, connectionCount);
    rows.push({
      label: `spread over ${tokens.length} members`,
      connections: connectionCount,
      figure: await transferLoad(baseUrl, tokens, connectionCount),
      health,
    });
    rows.push({
      label: 'one hot member',
      connections: connectionCount,
      figure: await transferLoad(baseUrl, tokens.slice(0, 1), connectionCount),
      health,
    });
  }
  return rows;
}

const benchUser = { username: 'benchmember', password: 'bench123' };
const loginSamples = 50;

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

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-bench-'));
  const fresh = await timedStart(dataDir);
  await fresh.stop();
  const transferTokens = await createFundedMembers(dataDir, transferMembers);
  const existing = await timedStart(dataDir);
  try {
    const token = await registerMember(existing.baseUrl);
    const routes: [string, Record<string, string>][] = [
      ['/api/health', {}],
      ['/api/v1/product/1', {}],
      ['/api/v1/check', { authorization: `Bearer ${token}` }],
    ];
    const figures = [];
    for (const [route, headers] of routes) figures.push({ route, ...(await load(`${existing.baseUrl}${route}`, headers)) });
    const logins = await loginLatencies(existing.baseUrl);
    const transfers = await transferFigures(existing.baseUrl, transferTokens);
    console.log(
      `\nMachine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${connections} connections, ${durationSeconds} s per route\n`,
    );
    console.log(`start-up to first served request, fresh data folder:    ${fresh.ms.toFixed(0)} ms`);
    console.log(`start-up to first served request, existing data folder: ${existing.ms.toFixed(0)} ms\n`);
    console.log('route                         req/s     p99 ms   errors');
    for (const figure of figures) {
      console.log(
        `${figure.route.padEnd(28)} ${figure.rps.toFixed(0).padStart(7)} ${figure.p99.toFixed(1).padStart(10)} ${String(figure.errors).padStart(8)}`,
      );
    }
    const healthRps = figures[0]?.rps ?? 1;
    const checkRps = figures[2]?.rps ?? 0;
    console.log(
      `\nGET /api/v1/check with a valid token: ${((checkRps / healthRps) * 100).toFixed(1)}% of GET /api/health's requests per second`,
    );
    const { memoryKiB, passes, parallelism } = passwordHashParameters;
    console.log(
      `login latency, ${logins.length} sequential logins: p50 ${percentile(logins, 50).toFixed(1)} ms, p99 ${percentile(logins, 99).toFixed(1)} ms` +
        ` (argon2id m=${memoryKiB} KiB, t=${passes}, p=${parallelism})`,
    );
    console.log(
      '\nPOST /api/v1/enjoycity/1/deposit (100 points, own Idempotency-Key each), beside GET /api/health at the same connections',
    );
    console.log('load                          conns   req/s  % health   p99 ms  health p99   errors');
    for (const row of transfers) {
      console.log(
        `${row.label.padEnd(28)} ${String(row.connections).padStart(6)} ${row.figure.rps.toFixed(0).padStart(7)} ${((row.figure.rps / row.health.rps) * 100).toFixed(1).padStart(8)}%` +
          ` ${row.figure.p99.toFixed(1).padStart(8)} ${row.health.p99.toFixed(1).padStart(11)} ${String(row.figure.errors).padStart(8)}`,
      );
    }
  } finally {
    await existing.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();

console.log('\nIncome distribution of one business day (2,000 orders per transaction), beside a bare INSERT … SELECT of as many rows');
console.log(await distributionFigures('pglite', Number(process.env.BENCH_ORDERS_PGLITE ?? 100_000)));
if (process.env.DATABASE_URL) console.log(await distributionFigures('postgres', Number(process.env.BENCH_ORDERS_POSTGRES ?? 1_000_000)));
