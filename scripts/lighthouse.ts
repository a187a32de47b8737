/**
 * Lighthouse (mobile emulation, simulated slow 4G) against every visitor page of the built site, in every locale.
 * Not part of `npm test`: scores move with the machine's load; the deterministic budgets live in tests/unit.
 *
 *   npm run lighthouse                      # every page, the build in dist/site (STATIC_DIR to use another)
 *   npm run lighthouse -- /eng/fun /setting  # only pages whose path starts with one of these
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { locales, localePath } from '../locales/index.ts';
import { freePort, startProduct } from '../tests/helpers/product-server.ts';
import { chromiumArgs } from '../web-test-runner.config.mjs';

const routes = [
  '/home',
  '/home/shopping',
  '/fun',
  '/fun/cooperate',
  '/setting/about',
  '/setting/service',
  '/setting/instruction',
  '/setting/warning',
  '/prevention',
  '/setting/terms',
  '/setting/bitex',
  '/setting/question',
  '/setting/vrb',
  '/setting/contact',
  '/partners/embed',
];
/** How long Chromium may take to open its DevTools port. */
const chromiumStartMs = 15_000;

const filters = process.argv.slice(2);
const paths = locales
  .flatMap((locale) => routes.map((route) => localePath(locale, route)))
  .filter((url) => filters.length === 0 || filters.some((filter) => url.startsWith(filter)));

const product = await startProduct();
const port = await freePort();
const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-lighthouse-'));
const chromium = spawn(
  process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  [...chromiumArgs, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
  { stdio: 'ignore' },
);

// Ctrl-C (or a CI time-out) must not leave Chromium or the product running.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    chromium.kill('SIGTERM');
    void product.stop().finally(() => process.exit(130));
  });
}

try {
  await waitForDevTools(port);
  console.log(`Lighthouse ${paths.length} pages on ${product.baseUrl} (mobile, simulated throttling)\n`);
  console.log(['page', 'perf', 'a11y', 'best', 'seo', 'LCP ms', 'CLS', 'KB'].join('\t'));
  for (const page of paths) {
    const result = await lighthouse(`${product.baseUrl}${page}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // The map's tile server is on the internet; block it so runs here and in CI measure the same thing.
      blockedUrlPatterns: ['*tile.openstreetmap.org*'],
    });
    if (result === undefined) throw new Error(`Lighthouse returned nothing for ${page}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    console.log(
      [
        page,
        score('performance'),
        score('accessibility'),
        score('best-practices'),
        score('seo'),
        Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        (audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
        Math.round((audits['total-byte-weight']?.numericValue ?? 0) / 1024),
      ].join('\t'),
    );
  }
} finally {
  chromium.kill('SIGTERM');
  await product.stop();
  await fs.rm(profile, { recursive: true, force: true });
}

async function waitForDevTools(devToolsPort: number): Promise<void> {
  const deadline = Date.now() + chromiumStartMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${devToolsPort}/json/version`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Chromium did not open its DevTools port within ${chromiumStartMs} ms`);
}
