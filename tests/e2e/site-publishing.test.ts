import assert from 'node:assert/strict';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import eng from '../../locales/eng.json' with { type: 'json' };
import { accessibilityViolations, newVisitor } from '../helpers/browser.ts';
import { runAdmin, samplePhoto } from '../helpers/product-api.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';

const operatorName = 'site_editor';
const operatorPassword = 'a long operator passphrase';
const newHeading = '光能託管，今天更新的標題';
/** A whole build of the site takes seconds here; this leaves room on a busy machine. */
const buildWaitMs = 180_000;

const seededHeading = (parse(fs.readFileSync('site/content/brand/zht.yaml', 'utf8')) as { home: { heading: string } }).home.heading;

/** The page's one h1, as a visitor reads it. */
async function headline(page: Page, url: string): Promise<string> {
  const response = await page.goto(url);
  assert.equal(response?.status(), 200, url);
  return (await page.locator('h1').textContent())?.trim() ?? '';
}

/** Clicks Publish and waits until the back office says the new version is live. */
async function publish(desk: Page): Promise<void> {
  await desk.getByRole('button', { name: eng.admin_site_publish, exact: true }).click();
  await desk.getByText(/^Published in [\d.]+ s\./).waitFor({ timeout: buildWaitMs });
}

/**
 * Issue 15, done when: an operator edits the /home headline in traditional Chinese, previews it while
 * the live /zht/home stays as it was, publishes it, and a visitor sees it without a restart; rollback
 * brings the old text back; an empty required field is refused with its name and nothing live changes.
 */
describe('operators edit, preview, publish and roll back the brand site', () => {
  let product: ProductServer;
  let photo: string;
  before(async () => {
    const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'gs-e2e-site-'));
    photo = path.join(dataDir, 'hero.jpg');
    await fsp.writeFile(photo, await samplePhoto());
    await runAdmin(dataDir, ['create-operator', operatorName], { OPERATOR_PASSWORD: operatorPassword });
    product = await startProduct({}, dataDir);
  });
  after(async () => {
    await product.dispose();
  });

  test(
    'edit → preview (live unchanged) → publish (seen without restart) → rollback; an empty field is refused by name',
    { timeout: buildWaitMs * 4 },
    async () => {
      const office = await newVisitor();
      const visitor = await newVisitor();
      try {
        const desk = office.page;
        const live = `${product.baseUrl}/zht/home`;
        assert.equal(await headline(visitor.page, live), seededHeading);

        await desk.goto(`${product.baseUrl}/eng/admin`);
        await desk.getByLabel(eng.admin_username).fill(operatorName);
        await desk.getByLabel(eng.admin_password).fill(operatorPassword);
        await desk.getByRole('button', { name: eng.admin_login }).click();
        await desk.getByRole('button', { name: eng.admin_content, exact: true }).click();
        await desk.getByText(eng.admin_site_product_build).waitFor();
        assert.deepEqual(await accessibilityViolations(desk), []);

        // The first publish is the content as seeded: the version to roll back to.
        await publish(desk);
        assert.equal(await headline(visitor.page, live), seededHeading);

        await desk
          .getByRole('button', {
            name: `${eng.admin_site_edit} ${eng.admin_site_section_home}, ${eng.language_zht}: ${eng.admin_site_state_published}`,
          })
          .click();
        const heading = desk.getByLabel(eng.admin_site_field_heading, { exact: true });
        await heading.waitFor();
        // Translators see the other locales beside the field.
        await desk.getByRole('list', { name: eng.admin_site_other_locales }).first().waitFor();

        await heading.fill('');
        await desk.getByRole('button', { name: eng.admin_site_save }).click();
        const refusal = desk.getByRole('alert').filter({ hasText: eng.refusal_site_content_invalid });
        await refusal.waitFor();
        assert.match((await refusal.textContent()) ?? '', /Fields: heading\./);
        assert.equal(await heading.getAttribute('aria-invalid'), 'true');
        assert.equal(await headline(visitor.page, live), seededHeading);

        // A new picture: checked and re-encoded by the server, then made into responsive sizes by the build.
        await desk
          .getByLabel(`${eng.admin_site_field_image} › ${eng.admin_site_field_src}: ${eng.admin_site_replace_picture}`)
          .setInputFiles(photo);
        await desk.getByText(eng.admin_site_picture_ready).waitFor();
        const pictureName = path.basename(
          await desk.getByLabel(`${eng.admin_site_field_image} › ${eng.admin_site_field_src}`, { exact: true }).inputValue(),
          '.jpg',
        );
        assert.match(pictureName, /^[0-9a-f]{32}$/);
        await heading.fill(newHeading);
        await desk.getByRole('button', { name: eng.admin_site_save }).click();
        await desk.getByText(eng.admin_site_saved).waitFor();
        await desk.getByRole('button', { name: eng.admin_site_back }).click();
        await desk
          .getByRole('button', {
            name: `${eng.admin_site_edit} ${eng.admin_site_section_home}, ${eng.language_zht}: ${eng.admin_site_state_changed}`,
          })
          .waitFor();

        await desk.getByRole('button', { name: eng.admin_site_preview, exact: true }).click();
        const open = desk.getByRole('link', { name: eng.admin_site_open_preview });
        await open.waitFor({ timeout: buildWaitMs });
        const previewRoot = ((await open.getAttribute('href')) ?? '').replace(/\/eng\/home$/, '');
        assert.match(previewRoot, /^\/preview\/\d+$/);
        assert.equal(await headline(desk, `${product.baseUrl}${previewRoot}/zht/home`), newHeading);
        assert.ok((await desk.locator(`picture source[srcset*="${pictureName}"]`).count()) > 0, 'the new picture is on the previewed page');
        // Nothing live changed, and a visitor cannot open the preview.
        assert.equal(await headline(visitor.page, live), seededHeading);
        assert.equal((await visitor.page.goto(`${product.baseUrl}${previewRoot}/zht/home`))?.status(), 403);

        await desk.goto(`${product.baseUrl}/eng/admin`);
        await desk.getByRole('button', { name: eng.admin_content, exact: true }).click();
        await publish(desk);
        assert.equal(await headline(visitor.page, live), newHeading);
        // Still a static page: not one script.
        assert.equal(await visitor.page.locator('script').count(), 0);

        const rollbacks = desk.getByRole('button', { name: new RegExp(`^${eng.admin_site_rollback} \\d+$`) });
        assert.equal(await rollbacks.count(), 1);
        await rollbacks.click();
        await desk.getByText(/is live again\.$/).waitFor();
        assert.equal(await headline(visitor.page, live), seededHeading);
      } finally {
        await office.close();
        await visitor.close();
      }
    },
  );
});
