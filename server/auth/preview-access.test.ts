import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess, send, uniqueName } from '../../tests/helpers/members.ts';
import { operatorPassword, operatorToken, operatorWithTwoFactor } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { versionDir } from '../site/site-build.ts';
import { newPreviewPass, previewCookieName, previewPassLifetimeMs } from './preview-access.ts';

/** A preview version as a build leaves it, without running one: a single draft page. */
const buildId = 7;
const draftHeading = 'A draft nobody outside may read';

/**
 * Draft previews of the brand site (decision 042): only a fully signed-in administrator, through a
 * preview pass of its own that expires and ends with the session; never an operator's bearer token.
 */
describe.each(databaseKinds())('preview access on %s', (kind) => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let siteDir: string;

  const preview = (cookie: string) => app.inject({ method: 'GET', url: `/preview/${buildId}/eng/home`, headers: { cookie } });
  const passOf = async (token: string) => {
    const access = await send(app, 'POST', 'admin/v1/site/preview-access', { token });
    expectSuccess(access);
    return String(access.headers['set-cookie']).split(';')[0] ?? '';
  };

  beforeAll(async () => {
    siteDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-preview-'));
    const page = path.join(versionDir(siteDir, buildId), 'eng', 'home');
    await fs.mkdir(page, { recursive: true });
    await fs.writeFile(path.join(page, 'index.html'), `<!doctype html><h1>${draftHeading}</h1>`);
    testApp = await createTestApp(kind, { SITE_DIR: siteDir });
    app = testApp.app;
  });
  afterAll(async () => {
    await testApp.close();
    await fs.rm(siteDir, { recursive: true, force: true });
  });

  it('opens for a signed-in administrator through a short-lived pass that is not the bearer token', async () => {
    const token = await operatorToken(app, testApp.database.db);
    const access = await send(app, 'POST', 'admin/v1/site/preview-access', { token });
    const cookie = String(access.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`Path=/preview; Max-Age=${previewPassLifetimeMs / 1000}; HttpOnly; SameSite=Strict`));
    expect(cookie).not.toContain(token);
    expect(cookie).not.toContain(token.slice(3));
    const opened = await preview(cookie.split(';')[0] ?? '');
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain(draftHeading);
    expect(opened.headers['cache-control']).toBe('no-store');
  });

  it('refuses any bearer token sent as the cookie: a full administrator’s, a half-signed-in one’s, a reviewer’s', async () => {
    const administrator = await operatorToken(app, testApp.database.db);
    const username = uniqueName('halfway');
    await operatorWithTwoFactor(app, testApp.database.db, username);
    const half = expectSuccess(await send(app, 'POST', 'admin/v1/login', { body: { username, password: operatorPassword } })) as {
      token: string;
      stage: string;
    };
    expect(half.stage).toBe('code');
    const reviewer = await operatorToken(app, testApp.database.db, uniqueName('reader'), 'reviewer');
    for (const token of [administrator, half.token, reviewer]) {
      const refused = await preview(`${previewCookieName}=${token}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain(draftHeading);
    }
    // Nor will the API hand a pass to a half sign-in or a reviewer.
    expectFailure(await send(app, 'POST', 'admin/v1/site/preview-access', { token: half.token }), 403);
    expectFailure(await send(app, 'POST', 'admin/v1/site/preview-access', { token: reviewer }), 403);
  });

  it('ends with the session, with the administrator role, and when it expires; a forged pass opens nothing', async () => {
    const token = await operatorToken(app, testApp.database.db);
    const pass = await passOf(token);
    expect((await preview(pass)).statusCode).toBe(200);
    const [sessionId = '', expires = '', mac = ''] = pass.slice(previewCookieName.length + 1).split('.');
    const otherSession = `${previewCookieName}=${Number(sessionId) + 1}.${expires}.${mac}`;
    const later = `${previewCookieName}=${sessionId}.${Number(expires) + 3600}.${mac}`;
    for (const forged of [otherSession, later]) expect((await preview(forged)).statusCode).toBe(403);
    const session = { sessionId, operatorId: 0, role: 'administrator' as const, stage: 'signed_in' as const };
    const expired = newPreviewPass(testApp.config, session, Date.now() - previewPassLifetimeMs - 1000);
    expect((await preview(`${previewCookieName}=${expired}`)).statusCode).toBe(403);

    expectSuccess(await send(app, 'POST', 'admin/v1/logout', { token }));
    expect((await preview(pass)).statusCode).toBe(403);

    // An administrator made a reviewer loses the preview at once.
    const username = uniqueName('demoted');
    const demoted = await operatorToken(app, testApp.database.db, username);
    const demotedPass = await passOf(demoted);
    await testApp.database.db.updateTable('operators').set({ role: 'reviewer' }).where('username', '=', username).execute();
    expect((await preview(demotedPass)).statusCode).toBe(403);
  });
});
