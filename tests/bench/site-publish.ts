import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildTimeoutMs } from '../../server/site/site-build.ts';
import { ProductApi, runAdmin } from '../helpers/product-api.ts';
import { startProduct } from '../helpers/product-server.ts';

const operator = { username: 'bench_publisher', password: 'a long bench passphrase' };
/** The limits, on this machine: a publish of every page in three locales, and a text change to one section (issue 37). */
const publishGoalMs = 60_000;
const sectionChangeGoalMs = 10_000;
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
    const api = new ProductApi(product.baseUrl);
    const token = await api.operatorLogin(operator.username, operator.password);
    const rounds = [
      { label: 'first publish, new data folder', goalMs: publishGoalMs },
      { label: 'second publish, nothing changed', goalMs: publishGoalMs },
      // An operator's one-paragraph change: the home page's heading in traditional Chinese.
      { label: 'one section changed', goalMs: sectionChangeGoalMs, heading: '石墨烯潔淨光能 第二版' },
    ];
    for (const { label, goalMs, heading } of rounds) {
      if (heading !== undefined) await api.editHeading(token, 'home', 'zht', heading);
      const rssBefore = product.pid === undefined ? 0 : await rssMiB(product.pid);
      let rssMax = rssBefore;
      const started = performance.now();
      const build = await api.publishSite(token, buildTimeoutMs, async () => {
        if (product.pid !== undefined) rssMax = Math.max(rssMax, await rssMiB(product.pid));
      });
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
