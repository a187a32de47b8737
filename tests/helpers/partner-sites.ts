import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expectSuccess, send } from './members.ts';

/** What the partner-site tests share: the seeded origin, our own host, and the requests they make. */

/** The origin CORS_ORIGINS seeds in these tests. */
export const seededOrigin = 'https://seeded.example';
export const ownHost = 'shop.example';

export interface Site {
  id: number;
  origin: string;
  name: string;
  referral_code: string | null;
  enabled: boolean;
  members: number;
  orders: number;
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
