import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { ProductApi, runAdmin } from '../helpers/product-api.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';

const run = promisify(execFile);
const repository = path.resolve(import.meta.dirname, '../..');
const operatorName = 'install_check';
const operatorPassword = 'a long operator passphrase';
const newHeading = '生產安裝後發布的新標題';
/** A whole build of the site on a busy machine. */
const buildWaitMs = 240_000;
/** `npm ci` from the npm cache, a build's worth of packages. */
const installWaitMs = 300_000;

/** The text of the page's one h1. */
async function headline(url: string): Promise<string> {
  const response = await fetch(url);
  assert.equal(response.status, 200, url);
  const html = await response.text();
  return (/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '').trim();
}

/**
 * Issue 37, done when: the product installed as for production (`npm ci --omit=dev` in a clean copy,
 * the built dist/, `node server/main.ts`, an operator made with the command line) publishes a changed
 * section, and a visitor sees it live. The copy holds the repository's files without node_modules, and
 * takes the repository's build (dist/, made by `npm run build` before the journeys); packages come from
 * the npm cache when they are there.
 */
describe('a production install publishes the brand site', () => {
  let copy: string;
  let product: ProductServer | undefined;
  before(async () => {
    copy = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-e2e-install-'));
    const { stdout } = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
      cwd: repository,
      maxBuffer: 64 * 1024 * 1024,
    });
    for (const file of stdout.split('\0').filter((name) => name !== '')) {
      await fs.mkdir(path.dirname(path.join(copy, file)), { recursive: true });
      await fs.copyFile(path.join(repository, file), path.join(copy, file)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error; // a file deleted but not yet committed
      });
    }
    await fs.cp(path.join(repository, 'dist'), path.join(copy, 'dist'), { recursive: true });
  });
  after(async () => {
    await product?.dispose();
    await fs.rm(copy, { recursive: true, force: true });
  });

  test(
    'npm ci --omit=dev, serve, publish a changed heading: a visitor sees it',
    { timeout: installWaitMs + buildWaitMs * 2 },
    async (t) => {
      const installStarted = Date.now();
      await run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
        cwd: copy,
        timeout: installWaitMs,
        maxBuffer: 64 * 1024 * 1024,
      });
      t.diagnostic(`npm ci --omit=dev: ${((Date.now() - installStarted) / 1000).toFixed(1)} s`);
      // A production install: not one development tool.
      for (const tool of ['vitest', 'typescript', 'eslint', 'prettier', 'playwright-core']) {
        await assert.rejects(fs.access(path.join(copy, 'node_modules', tool)), `${tool} is not installed`);
      }

      // The pictures the repository's build processed, which a publish starts from (site-build.ts): a deployment
      // that ships the build's dist/ can ship them beside it; without them the first publish makes every size anew.
      await fs.cp(path.join(repository, 'node_modules', '.astro', 'assets'), path.join(copy, 'node_modules', '.astro', 'assets'), {
        recursive: true,
      });

      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-e2e-install-data-'));
      await runAdmin(
        dataDir,
        ['create-operator', operatorName],
        { OPERATOR_PASSWORD: operatorPassword },
        { cwd: copy, fromEmptyFolder: true },
      );
      product = await startProduct({ DEMO_MODE: 'false' }, dataDir, { cwd: copy });
      const live = `${product.baseUrl}/zht/home`;
      const before = await headline(live);
      assert.notEqual(before, newHeading);

      const api = new ProductApi(product.baseUrl);
      const token = await api.operatorLogin(operatorName, operatorPassword);
      await api.editHeading(token, 'home', 'zht', newHeading);

      const publishStarted = Date.now();
      const outcome = await api.publishSite(token, buildWaitMs);
      assert.equal(outcome.status, 'succeeded', `the publish failed: ${outcome.error ?? 'still running'}\n${product.output()}`);
      t.diagnostic(`publish: ${((Date.now() - publishStarted) / 1000).toFixed(1)} s`);
      assert.equal(await headline(live), newHeading);
    },
  );
});
