import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { copyDataDirTemplate } from './data-dir-template.ts';

/**
 * How long a fresh product may take to answer /api/ready. A new embedded database takes a few seconds alone; the test
 * command runs the unit tests and the journeys side by side, and at a load average of 10 on two cores an embedded
 * database reopened after a SIGKILL was seen to need more than 60 s. One that never starts still fails.
 */
const readyTimeoutMs = 120_000;
/** How much of the product's output a test keeps for its failure messages. */
const outputKeptMax = 1_000_000;
/** How long a test waits for a line to reach the log: well over the server's flush interval. */
const logWaitMs = 5_000;
/** How often readiness is asked: the start-up figure of the benchmark is no coarser than this. */
const readyPollMs = 20;

export interface ProductServer {
  baseUrl: string;
  dataDir: string;
  /** The server process's id (for memory figures). */
  pid: number | undefined;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** The output once it holds `text`: the log is written in batches, at most 200 ms after a line (decision 058). */
  outputHolding(text: string): Promise<string>;
  stop(): Promise<number | null>;
  /** Stops the product and removes its data folder. */
  dispose(): Promise<void>;
}

/**
 * Starts the built product the way the README does (node server/main.ts), on a free port (or env.PORT) and a fresh data folder.
 * An empty data folder on the embedded database starts as a copy of the run's migrated template where there is one
 * (tests/e2e/global-setup.ts); `fromEmptyFolder` keeps it empty, for a test of the first start itself.
 */
export async function startProduct(
  env: Record<string, string> = {},
  dataDir?: string,
  { fromEmptyFolder = false, cwd }: { fromEmptyFolder?: boolean; cwd?: string } = {},
): Promise<ProductServer> {
  // A test that must know the address before the product starts (a partner page naming it) passes PORT.
  const port = env.PORT === undefined ? await freePort() : Number(env.PORT);
  const folder = dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'gs-e2e-')));
  if (!fromEmptyFolder && !env.DATABASE_URL) await copyDataDirTemplate(folder);
  const child = spawn(process.execPath, ['server/main.ts'], {
    // Another copy of the product (a production install) runs from its own folder.
    ...(cwd === undefined ? {} : { cwd }),
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: folder,
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
      // The journeys record a day and share it out at once, as one operator; the hold and sharing early by a
      // second administrator (decision 049) are the API tests' (server/distribution/corrections.test.ts).
      REVENUE_HOLD_MINUTES: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // The first part of what it printed is kept: it says why a start failed; a product under load at
  // the default log level prints two lines a request, which would otherwise grow without end.
  const keep = (chunk: Buffer) => {
    if (output.length < outputKeptMax) output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(baseUrl, child, () => output);
  return {
    baseUrl,
    dataDir: folder,
    pid: child.pid,
    output: () => output,
    outputHolding: async (text) => {
      const deadline = Date.now() + logWaitMs;
      while (!output.includes(text) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, readyPollMs));
      return output;
    },
    stop: () => stopChild(child),
    dispose: async () => {
      await stopChild(child);
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
}

export async function waitUntilReady(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The product exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/ready`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, readyPollMs));
  }
  child.kill('SIGKILL');
  throw new Error(`The product did not become ready within ${readyTimeoutMs} ms:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
