import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess, send } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { multipart, photo } from '../../tests/helpers/uploads.ts';
import { brandPages } from './site-content.ts';
import { exportSite } from './site-export.ts';

interface Build {
  id: number;
  status: string;
  kind: string;
  error: string | null;
  duration_ms: number | null;
  preview_path: string | null;
}

const buildTimeoutMs = 180_000;

/**
 * The brand site published by operators (decision 022): edits checked by the content schema,
 * preview builds that change nothing live, publishes that switch the live site without a restart,
 * one build at a time, history and rollback, all in the audit log. Needs the product's own build
 * (npm run build): the site before any publish.
 */
describe.each(databaseKinds())('the published brand site on %s', (kind) => {
  let testApp: TestApp;
  let token: string;
  let siteDir: string;
  let seededHeading: string;
  let uploadedName = '';

  const page = async (url: string, cookie?: string) =>
    testApp.app.inject({ method: 'GET', url, headers: cookie === undefined ? {} : { cookie } });
  const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
  const homeZht = async () =>
    expectSuccess(await send(testApp.app, 'GET', 'admin/v1/site/sections/home/zht', { token })) as { draft: Record<string, unknown> };
  const saveHome = async (changes: Record<string, unknown>) => {
    const { draft } = await homeZht();
    return send(testApp.app, 'PUT', 'admin/v1/site/sections/home/zht', { token, json: true, body: { content: { ...draft, ...changes } } });
  };
  /** Each locale's state of the home page, by locale. */
  const homeStates = async () => {
    const overview = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/site', { token })) as {
      sections: { section: string; locale: string; state: string }[];
    };
    return Object.fromEntries(overview.sections.filter((row) => row.section === 'home').map((row) => [row.locale, row.state]));
  };
  const build = async (what: 'preview' | 'publish'): Promise<Build> => {
    const started = expectSuccess(await send(testApp.app, 'POST', `admin/v1/site/${what}`, { token }), 202) as Build;
    await testApp.app.sitePublisher.settled(started.id);
    return expectSuccess(await send(testApp.app, 'GET', `admin/v1/site/builds/${started.id}`, { token })) as Build;
  };

  beforeAll(async () => {
    siteDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-site-'));
    testApp = await createTestApp(kind, { SITE_DIR: siteDir });
    token = await operatorToken(testApp.app, testApp.database.db);
    seededHeading = String((await homeZht()).draft.heading);
  });
  afterAll(async () => {
    await testApp.close();
    await fs.rm(siteDir, { recursive: true, force: true });
  });

  it('lists every page in every locale, and the settings and partners, all published at first', async () => {
    const overview = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/site', { token })) as {
      live_version: number | null;
      catalogue_changed: boolean;
      sections: { section: string; locale: string; state: string }[];
    };
    expect(overview.live_version).toBeNull();
    expect(overview.catalogue_changed).toBe(false);
    expect(overview.sections).toHaveLength(brandPages.length * 3 + 2);
    expect(new Set(overview.sections.map((row) => row.state))).toEqual(new Set(['published']));
    expect(heading((await page('/zht/home')).body)).toBe(seededHeading);
  });

  it('refuses an empty required field with its name, and keeps the draft as it was', async () => {
    const body = expectFailure(await saveHome({ heading: '  ' }), 422);
    expect(body.error_code).toBe('site_content_invalid');
    expect(Object.keys(body.errors as object)).toEqual(['heading']);
    expect((await homeZht()).draft.heading).toBe(seededHeading);
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/site/sections/nowhere/zht', { token }), 404);
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/site/sections/home/all', { token }), 404);
  });

  it('saves an edit, marks the page changed and the other locales behind, and audits it', async () => {
    expectSuccess(await saveHome({ heading: '預覽中的新標題' }));
    const overview = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/site', { token })) as {
      sections: { section: string; locale: string; state: string }[];
    };
    const state = (section: string, locale: string) =>
      overview.sections.find((row) => row.section === section && row.locale === locale)?.state;
    expect([state('home', 'zht'), state('home', 'zhs'), state('about', 'zht')]).toEqual(['changed', 'translation_behind', 'published']);
    const audit = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/audit', { token })) as {
      data: { action: string; subject_id: string }[];
    };
    expect(audit.data[0]).toMatchObject({ action: 'site.edit', subject_id: 'home/zht' });
  });

  it('a locale that catches up is no longer behind and marks nobody; the others stay behind', async () => {
    const zhs = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/site/sections/home/zhs', { token })) as { draft: unknown };
    // Reviewed and kept as it was (saved unchanged): up to date, and what is live.
    expectSuccess(await send(testApp.app, 'PUT', 'admin/v1/site/sections/home/zhs', { token, json: true, body: { content: zhs.draft } }));
    expect(await homeStates()).toEqual({ zht: 'changed', zhs: 'published', eng: 'translation_behind' });
  });

  it('takes a picture checked by its content and re-encoded, for a page to show', async () => {
    const upload = async (bytes: Buffer, filename: string, type: string) => {
      const body = multipart(bytes, filename, type);
      return testApp.app.inject({
        method: 'POST',
        url: '/api/admin/v1/site/pictures',
        headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    expectFailure(await upload(Buffer.from('<svg onload="alert(1)"/>'), 'art.png', 'image/png'), 415);
    const picture = expectSuccess(await upload(await photo('jpeg', 1200, 800), 'hero.jpg', 'image/jpeg'), 201) as {
      src: string;
      width: number;
    };
    expect(picture).toMatchObject({ src: expect.stringMatching(/^\.\.\/images\/[0-9a-f]{32}\.jpg$/), width: 1200 });
    const { draft } = await homeZht();
    expectSuccess(await saveHome({ image: { ...(draft.image as object), src: picture.src } }));
    uploadedName = path.basename(picture.src, '.jpg');
  });

  it(
    'previews the drafts for operators only, while the live site stays as it was',
    async () => {
      const preview = await build('preview');
      expect(preview, preview.error ?? '').toMatchObject({ status: 'succeeded', preview_path: `/preview/${preview.id}/` });
      expect((await page(`/preview/${preview.id}/zht/home`)).statusCode).toBe(403);
      const access = await send(testApp.app, 'POST', 'admin/v1/site/preview-access', { token });
      const cookie = String(access.headers['set-cookie']).split(';')[0];
      expect(access.headers['set-cookie']).toMatch(/Path=\/preview; .*HttpOnly; SameSite=Strict/);
      const previewed = await page(`/preview/${preview.id}/zht/home`, cookie);
      expect(previewed.statusCode).toBe(200);
      expect(heading(previewed.body)).toBe('預覽中的新標題');
      expect(previewed.body).toContain(`/preview/${preview.id}/_astro/`);
      // Its links lead to the preview's own pages, never to the live site.
      expect(previewed.body).toContain(`href="/preview/${preview.id}/zht/home"`);
      expect(previewed.body).not.toMatch(/href="\/zht\//);
      // The uploaded picture, in the responsive sizes the build makes.
      expect(previewed.body).toMatch(new RegExp(`/preview/${preview.id}/_astro/${uploadedName}\\.[^"]+\\.avif`));
      expect(heading((await page('/zht/home')).body)).toBe(seededHeading);
    },
    buildTimeoutMs,
  );

  it(
    'publishes without a restart, one build at a time, and rolls back to an earlier version',
    async () => {
      const first = await build('publish');
      expect(first, first.error ?? '').toMatchObject({ status: 'succeeded', kind: 'publish' });
      // Publishing the traditional Chinese edits (the heading, then the picture) leaves the other locales behind them.
      expect(await homeStates()).toEqual({ zht: 'published', zhs: 'translation_behind', eng: 'translation_behind' });
      expect(heading((await page('/zht/home')).body)).toBe('預覽中的新標題');
      expect(heading((await page('/home')).body)).not.toBe('預覽中的新標題');

      expectSuccess(await saveHome({ heading: '第二版標題' }));
      // A catalogue change is brand content too: the back office says a publish is needed, and the publish shows it.
      await testApp.database.db
        .updateTable('products')
        .set({ price: 16_000_000n * 10_000n })
        .where('id', '=', 1)
        .execute();
      const catalogueChanged = async () =>
        (expectSuccess(await send(testApp.app, 'GET', 'admin/v1/site', { token })) as { catalogue_changed: boolean }).catalogue_changed;
      expect(await catalogueChanged()).toBe(true);
      const started = expectSuccess(await send(testApp.app, 'POST', 'admin/v1/site/publish', { token }), 202) as Build;
      const refused = expectFailure(await send(testApp.app, 'POST', 'admin/v1/site/preview', { token }), 409);
      expect(refused.error_code).toBe('site_build_running');
      // Until the build has finished, the live site is the first publish.
      expect(heading((await page('/zht/home')).body)).toBe('預覽中的新標題');
      await testApp.app.sitePublisher.settled(started.id);
      expect(heading((await page('/zht/home')).body)).toBe('第二版標題');
      expect((await page('/eng/home/shopping')).body).toContain('Graphene solar power: 16,000,000 points for one whole unit');
      expect(await catalogueChanged()).toBe(false);

      const versions = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/site/versions', { token })) as (Build & { live: boolean })[];
      expect(versions.map((version) => [version.id, version.live])).toEqual([
        [started.id, true],
        [first.id, false],
      ]);
      expectSuccess(await send(testApp.app, 'POST', `admin/v1/site/versions/${first.id}/rollback`, { token }));
      expect(heading((await page('/zht/home')).body)).toBe('預覽中的新標題');
      // The editor holds the rolled-back version again, not marked changed: the next publish does not bring '第二版標題' back.
      expect((await homeZht()).draft.heading).toBe('預覽中的新標題');
      expect((await homeStates()).zht).toBe('published');
      expectFailure(await send(testApp.app, 'POST', `admin/v1/site/versions/999999/rollback`, { token }), 404);

      // What a static host or CDN is given is the live version, rolled back included.
      const exported = path.join(siteDir, 'exported');
      expect(await exportSite(testApp.database.db, testApp.config, exported)).toMatch(new RegExp(`^published version ${first.id}: `));
      expect(heading(await fs.readFile(path.join(exported, 'zht/home/index.html'), 'utf8'))).toBe('預覽中的新標題');
      await fs.access(path.join(exported, '404.html'));
      // Its root sends a visitor to the default locale (simplified Chinese, no prefix), without a script.
      const rootPage = await fs.readFile(path.join(exported, 'index.html'), 'utf8');
      expect(rootPage).toContain('<html lang="zh-Hans">');
      expect(rootPage).toContain('<meta http-equiv="refresh" content="0; url=home/">');
      expect(rootPage).not.toContain('<script');
      expect(heading(await fs.readFile(path.join(exported, 'home/index.html'), 'utf8'))).toBeDefined();

      const audit = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/audit', { token })) as {
        data: { action: string; subject_id: string }[];
      };
      expect(audit.data.slice(0, 3).map((row) => `${row.action} ${row.subject_id}`)).toEqual([
        `site.rollback ${first.id}`,
        `site.publish ${started.id}`,
        'site.edit home/zht',
      ]);
    },
    buildTimeoutMs * 2,
  );

  it(
    'after a deploy of new code, rebuilds what is live (not the drafts) with it; with the same code, nothing',
    async () => {
      const publisher = testApp.app.sitePublisher;
      expect(await publisher.republishIfStale()).toBeUndefined();
      expectSuccess(await saveHome({ heading: '尚未發布的草稿' }));
      const live = heading((await page('/zht/home')).body);
      const rebuild = await publisher.republishIfStale('code-of-another-deploy');
      expect(rebuild?.kind).toBe('publish');
      await publisher.settled(rebuild?.id ?? 0);
      const overview = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/site', { token })) as { live_version: number };
      expect(overview.live_version).toBe(rebuild?.id);
      expect(heading((await page('/zht/home')).body)).toBe(live);
    },
    buildTimeoutMs,
  );

  it(
    'a build that fails says why, with the page and field, and leaves the live site as it was',
    async () => {
      const { draft } = await homeZht();
      const live = heading((await page('/zht/home')).body);
      const liveVersion = () =>
        send(testApp.app, 'GET', 'admin/v1/site', { token }).then(
          (response) => (expectSuccess(response) as { live_version: number }).live_version,
        );
      const before = await liveVersion();
      expectSuccess(await saveHome({ image: { ...(draft.image as object), src: '../images/no-such-picture.svg' } }));
      const failed = await build('publish');
      expect(failed.status).toBe('failed');
      expect(failed.error).toMatch(/no-such-picture\.svg/);
      expect(failed.error?.split('\n')[0]).toBe('home (zht): image.src');
      expect(failed.error).not.toMatch(/Stack trace|node_modules/);
      expect(await liveVersion()).toBe(before);
      expect(heading((await page('/zht/home')).body)).toBe(live);
      const audit = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/audit', { token })) as { data: { action: string }[] };
      expect(audit.data[0]?.action).toBe('site.publish_failed');
      expectSuccess(await saveHome({ image: draft.image }));
    },
    buildTimeoutMs,
  );
});
