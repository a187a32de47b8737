/** Starts bare-fastify.server.ts in a process of its own, for the benchmark's anchor figure. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { freePort } from '../helpers/product-server.ts';

export interface BareFastify {
  healthUrl: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** `headers`: set on every answer, as the product sets its own. */
export async function startBareFastify(headers?: Record<string, string>): Promise<BareFastify> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-fastify.server.ts')], {
    env: { ...process.env, PORT: String(port), ...(headers === undefined ? {} : { HEADERS: JSON.stringify(headers) }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(child.stdout, 'data');
  return {
    healthUrl: `http://127.0.0.1:${port}/api/health`,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}
