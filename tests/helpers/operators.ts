import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { upsertOperator } from '../../server/admin/operator.service.ts';
import type { Db } from '../../server/db/database.ts';
import { send, uniqueName } from './members.ts';

export const operatorPassword = 'operator-pass-2026';

/** Creates an operator (as the command line does) and logs in; returns the operator token. */
export async function operatorToken(app: FastifyInstance, db: Db, username = uniqueName('op')): Promise<string> {
  await upsertOperator(db, username, operatorPassword);
  const response = await send(app, 'POST', 'admin/v1/login', { body: { username, password: operatorPassword } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { detail: { token: string } }).detail.token;
}
