import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, waitUntilReady } from './product-server.ts';

export interface ProductProcess {
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
}

/** The real product process (node server/main.ts) on the embedded database in `dataDir`, for tests that kill it. */
export async function startProductProcess(dataDir: string): Promise<ProductProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
      // Days recorded here are shared at once: the hold (decision 049) has its own tests.
      REVENUE_HOLD_MINUTES: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(baseUrl, child, () => output);
  return { baseUrl, child, output: () => output };
}

/** Sends `signal` and waits for the process to end (at once if it already has). */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
