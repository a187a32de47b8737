/**
 * Lighthouse (mobile emulation, simulated slow 4G) against every visitor page of the built site, and the member
 * screens of issue 36 logged in as a member with paid orders and income (scripts/lighthouse-member.ts), in every locale.
 * Not part of `npm test`: scores move with the machine's load; the deterministic budgets live in tests/unit.
 *
 *   npm run lighthouse                      # every page, the build in dist/site (STATIC_DIR to use another)
 *   npm run lighthouse -- /eng/fun /setting  # only pages whose path starts with one of these
 *   npm run lighthouse -- --members /eng     # only the member screens (here: only the English ones)
 *   LIGHTHOUSE_REPORTS=reports npm run lighthouse  # also keeps each page's full report (JSON) in that folder
 *
 * Each row ends with the audits below a full score in accessibility, best practices and SEO (all three must be 100).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { locales, localePath } from '../locales/index.ts';
import { freePort, startProduct } from '../tests/helpers/product-server.ts';
import { chromiumArgs } from '../web-test-runner.config.mjs';
import { addOperator, memberWithIncome, storeSession } from './lighthouse-member.ts';

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
/** The member screens issue 36 measures logged in. */
const memberRoutes = ['/cart', '/wallet', '/dig', '/trust', '/setting/order'];
/** The categories that must score 100: a row names the audits in them that do not pass. */
const fullScoreCategories = ['accessibility', 'best-practices', 'seo'];
/** How long Chromium may take to open its DevTools port. */
const chromiumStartMs = 15_000;

const args = process.argv.slice(2);
const membersOnly = args.includes('--members');
const filters = args.filter((arg) => arg !== '--members');
const inLocales = (list: string[]) => locales.flatMap((locale) => list.map((route) => localePath(locale, route)));
const chosen = (url: string) => filters.length === 0 || filters.some((filter) => url.startsWith(filter));
const visitorPaths = membersOnly ? [] : inLocales(routes).filter(chosen);
const memberPaths = inLocales(memberRoutes).filter(chosen);
const reportsDir = process.env.LIGHTHOUSE_REPORTS;
/** Whether a page failed the hreflang audit: the build's alternates are relative unless it was built with SITE_URL. */
let relativeAlternates = false;

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-lighthouse-data-'));
// The operator who confirms the member's orders is added before the product starts (the admin command needs the folder to itself).
if (memberPaths.length > 0) await addOperator(dataDir);
const product = await startProduct({}, dataDir);
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
    void product.dispose().finally(() => process.exit(130));
  });
}

try {
  await waitForDevTools(port);
  console.log(`Lighthouse ${visitorPaths.length + memberPaths.length} pages on ${product.baseUrl} (mobile, simulated throttling)\n`);
  console.log(['page', 'as', 'perf', 'a11y', 'best', 'seo', 'LCP ms', 'TBT ms', 'CLS', 'KB', 'below 100'].join('\t'));
  // The visitors' pages first: the member's session, once stored, stays for every later page.
  for (const page of visitorPaths) await measure(page, 'visitor');
  if (memberPaths.length > 0) {
    await storeSession(port, product.baseUrl, await memberWithIncome(product.baseUrl));
    for (const page of memberPaths) await measure(page, 'member');
  }
  if (relativeAlternates) console.log('\nhreflang: build with SITE_URL for absolute alternates (docs/decisions/008-brand-site.md)');
} finally {
  chromium.kill('SIGTERM');
  await product.dispose();
  await fs.rm(profile, { recursive: true, force: true });
}

/** Runs Lighthouse on one page and prints its row. */
async function measure(page: string, as: 'visitor' | 'member'): Promise<void> {
  let result = await run(page);
  // A trace Chromium failed to record (NO_NAVSTART on a busy machine) says nothing of the page: once more.
  if (result.lhr.runtimeError !== undefined) result = await run(page);
  const error = result.lhr.runtimeError;
  if (error !== undefined) {
    console.log([page, as, `Lighthouse failed: ${error.code}`].join('\t'));
    return;
  }
  if (reportsDir !== undefined) {
    await fs.mkdir(reportsDir, { recursive: true });
    await fs.writeFile(path.join(reportsDir, `${as}${page.replaceAll('/', '_')}.json`), JSON.stringify(result.lhr, null, 2));
  }
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  // An audit that counts (weight above 0) and does not pass; informative and not-applicable ones have no score.
  const failing = fullScoreCategories.flatMap((category) =>
    (categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 0) < 1)
      .map((ref) => ref.id),
  );
  relativeAlternates ||= failing.includes('hreflang');
  console.log(
    [
      page,
      as,
      score('performance'),
      score('accessibility'),
      score('best-practices'),
      score('seo'),
      Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      (audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
      Math.round((audits['total-byte-weight']?.numericValue ?? 0) / 1024),
      failing.join(' '),
    ].join('\t'),
  );
}

async function run(page: string) {
  const result = await lighthouse(`${product.baseUrl}${page}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', ...fullScoreCategories],
    // The map's tile server is on the internet; block it so runs here and in CI measure the same thing.
    blockedUrlPatterns: ['*tile.openstreetmap.org*'],
  });
  if (result === undefined) throw new Error(`Lighthouse returned nothing for ${page}`);
  return result;
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
