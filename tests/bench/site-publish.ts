import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runAdmin } from '../helpers/product-api.ts';
import { startProduct } from '../helpers/product-server.ts';

const operator = { username: 'bench_publisher', password: 'a long bench passphrase' };
/** The limits, on this machine: a publish of every page in three locales, and a text change to one section (issue 37). */
const publishGoalMs = 60_000;
const sectionChangeGoalMs = 10_000;
const rssSampleMs = 100;

interface Build {
  id: number;
  status: string;
  duration_ms: number | null;
  error: string | null;
}

async function call<T>(baseUrl: string, method: string, route: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api/admin/v1/${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return ((await response.json()) as { detail: T }).detail;
}

/** An operator's one-paragraph change: the home page's heading in traditional Chinese. */
async function changeOneSection(baseUrl: string, token: string, round: number): Promise<void> {
  const home = await call<{ draft: Record<string, unknown> }>(baseUrl, 'GET', 'site/sections/home/zht', token);
  await call(baseUrl, 'PUT', 'site/sections/home/zht', token, { content: { ...home.draft, heading: `石墨烯潔淨光能 第 ${round} 版` } });
}

/** The serving process's resident memory, from /proc (Linux), in MiB. */
async function rssMiB(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * Publishes the whole brand site (every page in three locales) on a fresh product: the first publish
 * on a new data folder (pictures and compressed copies made), then the same content again, then a
 * one-section change, and the serving process's memory meanwhile (the build runs in child processes,
 * so it should stay flat). "Until live" runs from Publish to the build's success, after which the
 * server serves the version.
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
    const rounds = [
      { label: 'first publish, new data folder', goalMs: publishGoalMs },
      { label: 'second publish, nothing changed', goalMs: publishGoalMs },
      { label: 'one section changed', goalMs: sectionChangeGoalMs },
    ];
    for (const [round, { label, goalMs }] of rounds.entries()) {
      if (goalMs === sectionChangeGoalMs) await changeOneSection(product.baseUrl, token, round);
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
          `(goal ≤ ${goalMs / 1000} s: ${wallMs <= goalMs ? 'met' : 'not met'}); server memory ${rssBefore.toFixed(0)} → max ${rssMax.toFixed(0)} MiB`,
      );
    }
  } finally {
    await product.dispose();
  }
  return lines.join('\n');
}
