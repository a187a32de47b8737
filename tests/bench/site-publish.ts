import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runAdmin } from '../helpers/product-api.ts';
import { startProduct } from '../helpers/product-server.ts';

const operator = { username: 'bench_publisher', password: 'a long bench passphrase' };
/** The limit for a publish of every page in three locales, on this machine. */
const publishGoalMs = 60_000;
const rssSampleMs = 100;

interface Build {
  id: number;
  status: string;
  duration_ms: number | null;
  error: string | null;
}

async function call<T>(baseUrl: string, method: string, route: string, token: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/admin/v1/${route}`, { method, headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { detail: T }).detail;
}

/** The serving process's resident memory, from /proc (Linux), in MiB. */
async function rssMiB(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * Publishes the whole brand site (every page in three locales) twice on a fresh product: the first
 * publish on a new data folder, then a second, and the serving process's memory meanwhile (the build
 * runs in child processes, so it should stay flat).
 */
export async function publishFigures(): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-bench-site-'));
  await runAdmin(dataDir, ['create-operator', operator.username], { OPERATOR_PASSWORD: operator.password });
  const product = await startProduct({}, dataDir);
  const lines: string[] = [];
  try {
    const login = await fetch(`${product.baseUrl}/api/admin/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(operator),
    });
    const { token } = ((await login.json()) as { detail: { token: string } }).detail;
    for (const label of ['first publish, new data folder', 'second publish']) {
      const rssBefore = product.pid === undefined ? 0 : await rssMiB(product.pid);
      let rssMax = rssBefore;
      const started = performance.now();
      let build = await call<Build>(product.baseUrl, 'POST', 'site/publish', token);
      while (build.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, rssSampleMs));
        if (product.pid !== undefined) rssMax = Math.max(rssMax, await rssMiB(product.pid));
        build = await call<Build>(product.baseUrl, 'GET', `site/builds/${build.id}`, token);
      }
      const wallMs = performance.now() - started;
      if (build.status !== 'succeeded') throw new Error(`publish failed: ${build.error ?? ''}`);
      lines.push(
        `${label.padEnd(34)} ${((build.duration_ms ?? 0) / 1000).toFixed(1).padStart(6)} s build, ${(wallMs / 1000).toFixed(1)} s until live ` +
          `(goal ≤ ${publishGoalMs / 1000} s: ${wallMs <= publishGoalMs ? 'met' : 'not met'}); server memory ${rssBefore.toFixed(0)} → max ${rssMax.toFixed(0)} MiB`,
      );
    }
  } finally {
    await product.dispose();
  }
  return lines.join('\n');
}
