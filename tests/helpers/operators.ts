import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { upsertOperator } from '../../server/admin/operator.service.ts';
import type { Db } from '../../server/db/database.ts';
import type { OperatorRole } from '../../server/db/schema-operators.ts';
import { send, uniqueName } from './members.ts';

export const operatorPassword = 'operator-pass-2026';

/**
 * Creates an operator (as the command line does: an administrator unless told) and logs in;
 * returns the operator token. Two-factor is off, so one step signs in.
 */
export async function operatorToken(
  app: FastifyInstance,
  db: Db,
  username = uniqueName('op'),
  role: OperatorRole = 'administrator',
): Promise<string> {
  await upsertOperator(db, username, operatorPassword, role);
  const response = await send(app, 'POST', 'admin/v1/login', { body: { username, password: operatorPassword } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { detail: { token: string } }).detail.token;
}
