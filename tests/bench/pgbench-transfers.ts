/**
 * What a transfer costs the database alone: `wallet_transfer` (one transfer, the shape a lone
 * request runs) and `wallet_transfers` (a batch, as the server's group commit sends them, decision
 * 034) called straight from `pgbench` on the benchmark's own database, with no HTTP and no Node in
 * the way. Printed beside `pgbench -N` and the transfers through the API, so the run says how much
 * of the gap between a transfer and `-N` is the ledger's work and how much is serving it over HTTP.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pgbenchRun } from './pgbench.ts';

/** 100 points, the API benchmark's deposit, in ten-thousandths. */
const amount = 1_000_000;
/** The partner city the API benchmark deposits to (`/api/v1/enjoycity/1/deposit`). */
const cityId = 1;

/** One deposit per transaction, a fresh idempotency key each, to a random member of the funded range. */
const loneScript = `\\set u random(:lo, :hi)
select outcome from wallet_transfer(:u, ${cityId}, 'deposit', ${amount}, 'pgbench-' || :client_id || '-' || random(), 'h', 'm', 'p');
`;

function batchScript(size: number): string {
  const members = Array.from({ length: size }, (_, index) => `\\set u${index} random(:lo, :hi)`).join('\n');
  const list = (item: (index: number) => string) => `array[${Array.from({ length: size }, (_, index) => item(index)).join(', ')}]`;
  return `${members}
select count(*) from wallet_transfers(${list((index) => `:u${index}`)}, ${list(() => String(cityId))},
  ${list(() => `'deposit'`)}, ${list(() => String(amount))}::bigint[], ${list((index) => `'pgbench-' || :client_id || '-${index}-' || random()`)},
  ${list(() => `'h'`)}, 'm', 'p');
`;
}

export interface DatabaseTransferFigures {
  /** Transfers a second, one per transaction, from `clients` connections. */
  lone: number;
  /** Transfers a second in batches of `batchSize`, two batches at once (one executing while the other commits). */
  batched: number;
  batchSize: number;
}

/** The funded members' ids (tests/bench/transfer-members.ts names them bench_…). */
async function benchMemberRange(databaseUrl: string): Promise<{ lo: number; hi: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ lo: number; hi: number }>(
      `select min(id) as lo, max(id) as hi from users where username like 'bench\\_%'`,
    );
    const range = rows[0];
    if (range?.lo == null || range.hi == null) throw new Error('no funded bench members in the database');
    return range;
  } finally {
    await client.end();
  }
}

async function scriptTps(databaseUrl: string, script: string, clients: number, seconds: number, range: { lo: number; hi: number }) {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-pgbench-'));
  try {
    const file = path.join(folder, 'transfer.sql');
    await fs.writeFile(file, script);
    return await pgbenchRun(databaseUrl, ['-n', '-f', file, '-D', `lo=${range.lo}`, '-D', `hi=${range.hi}`], clients, seconds);
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

export async function databaseTransferFigures(
  databaseUrl: string,
  clients: number,
  seconds: number,
  batchSize = 5,
): Promise<DatabaseTransferFigures> {
  const range = await benchMemberRange(databaseUrl);
  const lone = await scriptTps(databaseUrl, loneScript, clients, seconds, range);
  const batches = await scriptTps(databaseUrl, batchScript(batchSize), 2, seconds, range);
  return { lone, batched: batches * batchSize, batchSize };
}
