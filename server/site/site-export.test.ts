import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { exportSite } from './site-export.ts';

/** `npm run admin -- export-site DIR`: the live site as plain files. Needs the product's build (npm run build). */
describe('exporting the live brand site', () => {
  let testApp: TestApp;
  let scratch: string;
  beforeAll(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-export-'));
    testApp = await createTestApp('pglite', { SITE_DIR: path.join(scratch, 'site') });
  });
  afterAll(async () => {
    await testApp.close();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it('writes every page, a static 404.html and the widgets, before any publish from the product build', async () => {
    const target = path.join(scratch, 'out');
    const said = await exportSite(testApp.database.db, testApp.config, target);
    expect(said).toMatch(/^the site built with the product: \d+ files written to /);
    for (const file of ['404.html', 'zht/home/index.html', 'zht/home/index.html.br']) {
      await expect(fs.access(path.join(target, file)), file).resolves.toBeUndefined();
    }
    expect((await fs.readdir(path.join(target, 'widgets'))).sort()).toEqual((await fs.readdir(testApp.config.widgetsDir)).sort());
    await expect(exportSite(testApp.database.db, testApp.config, target)).rejects.toThrow(/is not empty/);
  });
});
