import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  check,
  expectFailure,
  expectSuccess,
  expiredMessage,
  loginToken,
  otherDeviceMessage,
  randomToken,
  registerMember,
  send,
  type Member,
} from '../../tests/helpers/members.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT';
  path: (id: number) => string;
  /** A body that would be accepted from the owner: an accidental success would change the owner's referrer. */
  body?: (referrerCode: string) => Record<string, string>;
  bearsId: boolean;
}

const endpoints: Record<string, Endpoint> = {
  'POST v1/logout': { method: 'POST', path: () => 'v1/logout', bearsId: false },
  'GET v1/check': { method: 'GET', path: () => 'v1/check', bearsId: false },
  'GET v1/user/{id}': { method: 'GET', path: (id) => `v1/user/${id}`, bearsId: true },
  'PUT v1/user/updatePasswordAndParent/{id}': {
    method: 'PUT',
    path: (id) => `v1/user/updatePasswordAndParent/${id}`,
    body: (referrerCode) => ({ parent_code: referrerCode }),
    bearsId: true,
  },
};
const endpointNames = Object.keys(endpoints);

/** The 401 envelope: status and code 0, the contract's message and its code, no detail, and nothing of the member. */
function expectRefused(response: LightMyRequestResponse, message: string, member: Member) {
  const errorCode = message === otherDeviceMessage ? 'session_other_device' : 'session_expired';
  expect(expectFailure(response, 401, message)).toEqual({ status: 0, code: 0, message, detail: null, error_code: errorCode });
  expect(response.body).not.toContain(member.username);
}

describe.each(databaseKinds())('member endpoints refuse the unauthenticated on %s', (kind) => {
  let testApp: TestApp;
  let owner: Member;
  let other: Member;
  /** The owner's tokens: replaced by a newer login, logged out, and the one that works. */
  let replacedToken: string;
  let loggedOutToken: string;
  let currentToken: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    owner = await registerMember(testApp.app);
    other = await registerMember(testApp.app);
    replacedToken = owner.token;
    loggedOutToken = await loginToken(testApp.app, owner);
    expectSuccess(await send(testApp.app, 'POST', 'v1/logout', { token: loggedOutToken }));
    currentToken = await loginToken(testApp.app, owner);
  });
  afterAll(async () => {
    try {
      // None of the refused calls changed the owner's referrer, and the owner's current session still works.
      const user = expectSuccess(await check(testApp.app, currentToken));
      expect(user).toMatchObject({ id: owner.id, parent_referral_code: null });
    } finally {
      await testApp.close();
    }
  });

  const call = (name: string, token: string | undefined, id = owner.id) => {
    const endpoint = endpoints[name];
    if (endpoint === undefined) throw new Error(`unknown endpoint ${name}`);
    const body = endpoint.body?.(other.referralCode);
    return send(testApp.app, endpoint.method, endpoint.path(id), { token, ...(body === undefined ? {} : { body }) });
  };

  it.each(endpointNames)('%s without a token: 401 "Login has expired, please login again."', async (name) => {
    expectRefused(await call(name, undefined), expiredMessage, owner);
  });

  it.each(endpointNames)('%s with a token replaced by a newer login: 401 "Logged in on another device"', async (name) => {
    expectRefused(await call(name, replacedToken), otherDeviceMessage, owner);
  });

  it.each(endpointNames)('%s with a logged-out token: 401 "Login has expired, please login again."', async (name) => {
    expectRefused(await call(name, loggedOutToken), expiredMessage, owner);
  });

  it.each(endpointNames)('%s with a random well-formed token: 401 "Login has expired, please login again."', async (name) => {
    expectRefused(await call(name, randomToken()), expiredMessage, owner);
  });

  it.each(endpointNames.filter((name) => endpoints[name]?.bearsId === true))(
    '%s with another member’s valid token: 403, and nothing of the owner',
    async (name) => {
      const response = await call(name, other.token, owner.id);
      expectFailure(response, 403);
      expect(response.body).not.toContain(owner.username);
      expect(response.body).not.toContain(owner.referralCode);
    },
  );

  it('the owner’s current token passes the same gate', async () => {
    expect(expectSuccess(await call('GET v1/user/{id}', currentToken)).id).toBe(owner.id);
    expect(expectSuccess(await call('GET v1/check', currentToken)).id).toBe(owner.id);
  });

  it.each([
    ['GET', 'v1/user/abc'],
    ['PUT', 'v1/user/updatePasswordAndParent/abc'],
  ] as const)('%s %s without a token answers 401, before validating the request', async (method, url) => {
    expectRefused(await send(testApp.app, method, url), expiredMessage, owner);
  });
});
