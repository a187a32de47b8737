import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { PartnerSite } from '../../contract/api/partner-sites.ts';
import { expectSuccess, send } from './members.ts';
import { operatorToken } from './operators.ts';
import { createTestApp, type DatabaseKind, type TestApp } from './test-app.ts';

/** What the partner-site tests share: the seeded origin, our own host, and the requests they make. */

/** The origin CORS_ORIGINS seeds in these tests. */
export const seededOrigin = 'https://seeded.example';
export const ownHost = 'shop.example';

/** A partner site as the operator API answers it (its route schema's type). */
export type Site = PartnerSite;

/** An app whose partner sites CORS_ORIGINS seeded, with a tiny widget build, and an operator's token for it. */
export async function startPartnerSitesApp(kind: DatabaseKind): Promise<{ testApp: TestApp; app: FastifyInstance; operator: string }> {
  const testApp = await createTestApp(kind, { CORS_ORIGINS: seededOrigin, WIDGETS_DIR: builtWidgets() });
  return { testApp, app: testApp.app, operator: await operatorToken(testApp.app, testApp.database.db) };
}

/** A tiny widget build: the loader a partner page fetches with `<script type="module">`. */
export function builtWidgets(): string {
  const widgetsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-widgets-'));
  fs.mkdirSync(path.join(widgetsDir, 'v1'));
  fs.writeFileSync(path.join(widgetsDir, 'v1', 'loader.js'), 'export {};');
  return widgetsDir;
}

export function preflight(app: FastifyInstance, origin: string, method = 'PUT', url = '/api/v1/user/updateInfo/1') {
  return app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' },
  });
}

export function frame(app: FastifyInstance, query: string) {
  return app.inject({ method: 'GET', url: `/widgets/v1/frame${query}`, headers: { host: ownHost } } satisfies InjectOptions);
}

export function directive(policy: unknown, name: string): string[] | undefined {
  const found = String(policy ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/));
  return found.find(([directiveName]) => directiveName === name)?.slice(1);
}

export async function addSite(app: FastifyInstance, operator: string, body: Record<string, unknown>): Promise<Site> {
  return expectSuccess(await send(app, 'POST', 'admin/v1/partner-sites', { token: operator, body, json: true }), 201) as Site;
}

export async function changeSite(app: FastifyInstance, operator: string, id: number, body: Record<string, unknown>): Promise<Site> {
  return expectSuccess(await send(app, 'PUT', `admin/v1/partner-sites/${id}`, { token: operator, body, json: true })) as Site;
}
