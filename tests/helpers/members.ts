import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { refusalCodes } from '../../contract/refusals.ts';
import type { Db } from '../../server/db/database.ts';

/** The house referral code of a default configuration. */
export const houseCode = 'SOLAR1';
export const validationMessage = 'Parameter validation error.';
export const expiredMessage = 'Login has expired, please login again.';
export const otherDeviceMessage = 'Logged in on another device';
export const loginFailedMessage = 'Incorrect username or password';
export const referrerNotFoundMessage = 'Find no such referrer.';

/** An opaque token as the contract describes it: 256 random bits, base64url. */
export const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** A fresh, valid member name (word characters, 6 to 30 long). */
export function uniqueName(prefix = 'member'): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

/** A well-formed token that no session holds. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Form-encodes fields the way the original app's clients send them. */
export function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export interface SendOptions {
  token?: string | undefined;
  /** Body fields; sent form-encoded unless `json` is set. */
  body?: Record<string, unknown>;
  json?: boolean;
  /** The client address (rate limits are per address). */
  from?: string;
  headers?: Record<string, string>;
}

/** One API call through `app.inject`, with a bearer token and a form or JSON body. */
export function send(app: FastifyInstance, method: NonNullable<InjectOptions['method']>, url: string, options: SendOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const request: InjectOptions = { method, url: `/api/${url}`, headers };
  if (options.from !== undefined) request.remoteAddress = options.from;
  if (options.body !== undefined) {
    if (options.json === true) {
      headers['content-type'] = 'application/json';
      request.payload = JSON.stringify(options.body);
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      request.payload = form(Object.fromEntries(Object.entries(options.body).map(([key, value]) => [key, String(value)])));
    }
  }
  return app.inject(request);
}

export interface Member {
  id: number;
  username: string;
  password: string;
  token: string;
  referralCode: string;
}

export interface NewMember {
  username?: string;
  password?: string;
  parentCode?: string;
  from?: string;
}

/** Registers a member (form-encoded, as the original app does) and returns its details; fails the test if registration fails. */
export async function registerMember(app: FastifyInstance, details: NewMember = {}): Promise<Member> {
  const username = details.username ?? uniqueName();
  const password = details.password ?? 'secret_123';
  const response = await send(app, 'POST', 'v1/register', {
    body: { username, password, password_confirmation: password, parent_code: details.parentCode ?? houseCode, countries_id: '1' },
    ...(details.from === undefined ? {} : { from: details.from }),
  });
  expect(response.statusCode, response.body).toBe(201);
  const detail = response.json().detail;
  return { id: detail.user.id, username, password, token: detail.token, referralCode: detail.user.user_referral_code.user_referral_code };
}

/** Logs in (form-encoded); returns the raw response. */
export function login(app: FastifyInstance, username: string, password: string, from?: string) {
  return send(app, 'POST', 'v1/login', { body: { username, password }, ...(from === undefined ? {} : { from }) });
}

/** Logs in and returns the new token; fails the test if login fails. */
export async function loginToken(app: FastifyInstance, member: Pick<Member, 'username' | 'password'>): Promise<string> {
  const response = await login(app, member.username, member.password);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().detail.token;
}

/** GET v1/check with a token. */
export function check(app: FastifyInstance, token: string | undefined) {
  return send(app, 'GET', 'v1/check', { token });
}

/** Asserts the failure envelope of the API contract with its HTTP status, message and a published refusal code; returns the body. */
export function expectFailure(response: LightMyRequestResponse, statusCode: number, message?: string) {
  expect(response.statusCode, response.body).toBe(statusCode);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json();
  expect(body).toMatchObject({ status: 0, code: 0, message: message ?? expect.any(String) });
  expect(refusalCodes, 'error_code').toContain(body.error_code);
  expect(body).toHaveProperty('detail');
  return body;
}

/** Asserts a 401 with the contract's message. */
export function expectUnauthorized(response: LightMyRequestResponse, message = expiredMessage) {
  return expectFailure(response, 401, message);
}

/** Asserts the success envelope and returns its detail. */
export function expectSuccess(response: LightMyRequestResponse, statusCode = 200) {
  expect(response.statusCode, response.body).toBe(statusCode);
  const body = response.json();
  expect(body).toMatchObject({ status: 1, code: 1, message: expect.any(String) });
  return body.detail;
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A 429 with a positive retry time in both the header and the detail. */
export function expectRateLimited(response: LightMyRequestResponse) {
  const body = expectFailure(response, 429);
  const header = Number(response.headers['retry-after']);
  expect(Number.isInteger(header) && header > 0, `retry-after: ${String(response.headers['retry-after'])}`).toBe(true);
  expect(body.detail.retry_after_seconds).toBeGreaterThan(0);
  return body;
}
