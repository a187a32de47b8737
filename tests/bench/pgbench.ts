/**
 * PostgreSQL's own speed on the same server in the same run: `pgbench -N` (the simple-update
 * script: three writes and a read per transaction, no contended branch row) is the limit a
 * transfer is measured against; `pgbench -S` (one primary-key read per transaction) the limit of a
 * member read.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createScratchDatabase } from '../helpers/test-app.ts';

const run = promisify(execFile);
/** Ten branches: 1,000,000 accounts, enough that ten clients rarely meet on a row. */
const scale = 10;

/**
 * Runs pgbench on `databaseUrl` with the given script arguments (`-N`, or `-f` a file) from `clients`
 * connections on two threads for `seconds`, and returns the transactions per second it printed.
 */
export async function pgbenchRun(databaseUrl: string, script: string[], clients: number, seconds: number): Promise<number> {
  const { stdout } = await run('pgbench', [...script, '-c', String(clients), '-j', '2', '-T', String(seconds), databaseUrl]);
  const tps = /tps = ([\d.]+)/.exec(stdout)?.[1];
  if (tps === undefined) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return Number(tps);
}

export interface PgbenchLimits {
  /** `-N`: transactions of three writes and a read, a second. */
  writes: number;
  /** `-S`: transactions of one indexed read, a second. */
  reads: number;
}

/** Both limits, or the reason there are none (pgbench is not installed). */
export async function pgbenchLimits(clients: number, seconds: number): Promise<PgbenchLimits | { missing: string }> {
  try {
    await run('pgbench', ['--version']);
  } catch {
    return { missing: 'pgbench is not installed (apt-get install postgresql-contrib postgresql-client): no database limit measured' };
  }
  const scratch = await createScratchDatabase();
  try {
    await run('pgbench', ['-i', '-q', '-s', String(scale), scratch.url]);
    return {
      writes: await pgbenchRun(scratch.url, ['-N'], clients, seconds),
      reads: await pgbenchRun(scratch.url, ['-S'], clients, seconds),
    };
  } finally {
    await scratch.drop();
  }
}
