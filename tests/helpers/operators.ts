import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { upsertOperator } from '../../server/operators/login.service.ts';
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

/** What an authenticator app would show for this secret, `offsetSteps` 30-second steps from now. */
export const totpCodeOf = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

/**
 * Creates an operator with two-factor sign-in switched on; returns the authenticator secret. The
 * token of the enrolling session is left working, as after a real enrolment.
 */
export async function operatorWithTwoFactor(
  app: FastifyInstance,
  db: Db,
  username: string,
  role: OperatorRole = 'administrator',
): Promise<{ token: string; secret: string }> {
  const token = await operatorToken(app, db, username, role);
  const started = await send(app, 'POST', 'admin/v1/me/two-factor', { token });
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = (started.json() as { detail: { secret: string } }).detail;
  const confirmed = await send(app, 'POST', 'admin/v1/me/two-factor/confirm', { token, body: { code: totpCodeOf(secret) } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { token, secret };
}
