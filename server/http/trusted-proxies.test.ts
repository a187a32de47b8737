import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog, forgedChain, loggedAddresses } from '../../tests/helpers/log-lines.ts';
import { expectRateLimited, houseCode, send, uniqueName } from '../../tests/helpers/members.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { ConfigError, loadConfig } from '../config.ts';

/** The load balancer's own address, as the server's peer. */
const balancer = '10.0.0.2';
/** The member's real address, which the balancer appends to X-Forwarded-For. */
const realClient = '203.0.113.7';

describe('TRUST_PROXY', () => {
  it('is refused as true, with what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/addresses or CIDR ranges of your load balancers.*1 for one load balancer/);
  });

  it('reads a count of proxies or a list of addresses and ranges, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.4,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '192.0.2.4', 'fd00::/8']);
    for (const wrong of ['yes', '11', '10.0.0.0/33', '10.0.0', 'example.com']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });
});

describe.each(databaseKinds())('client addresses behind a load balancer on %s', (kind) => {
  let behindOne: TestApp;
  let behindListed: TestApp;
  const log = capturedLog();
  const listedLog = capturedLog();

  beforeAll(async () => {
    behindOne = await createTestApp(kind, { TRUST_PROXY: '1' }, 'lazy', log.logger);
    behindListed = await createTestApp(kind, { TRUST_PROXY: '10.0.0.0/8' }, 'lazy', listedLog.logger);
  }, 180_000);
  afterAll(async () => {
    await behindOne.close();
    await behindListed.close();
  });

  const failedLogin = (app: TestApp, xff: string, from = balancer) =>
    send(app.app, 'POST', 'v1/login', {
      body: { username: uniqueName('nobody'), password: 'wrong_pass1' },
      from,
      headers: { 'x-forwarded-for': xff },
    });

  it(
    '150 failed logins behind forged X-Forwarded-For chains are limited by the real address, and logged with it',
    { timeout: 300_000 },
    async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 150; attempt += 1) {
        statuses.push((await failedLogin(behindOne, forgedChain(attempt, realClient))).statusCode);
      }
      const limit = behindOne.config.limits.loginFailuresPerAddress;
      expect(statuses.slice(0, limit).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(limit)).toEqual(Array.from({ length: 150 - limit }, () => 429));
      // Another member behind the same balancer is not held back by the flood.
      expect((await failedLogin(behindOne, forgedChain(0, '203.0.113.8'))).statusCode).toBe(401);
      const addresses = loggedAddresses(log.lines);
      expect(addresses.length).toBeGreaterThanOrEqual(151);
      expect(new Set(addresses)).toEqual(new Set([realClient, '203.0.113.8']));
    },
  );

  it('registrations beyond the limit behind forged chains get 429', { timeout: 120_000 }, async () => {
    const limit = behindOne.config.limits.registrationsPerAddress;
    let last: LightMyRequestResponse | undefined;
    for (let attempt = 0; attempt <= limit; attempt += 1) {
      const name = uniqueName();
      last = await send(behindOne.app, 'POST', 'v1/register', {
        body: { username: name, password: 'secret_123', password_confirmation: 'secret_123', parent_code: houseCode },
        from: balancer,
        headers: { 'x-forwarded-for': forgedChain(attempt, '198.51.100.30') },
      });
      if (attempt < limit) expect(last.statusCode, last.body).toBe(201);
    }
    expectRateLimited(last as LightMyRequestResponse);
  });

  it('with the balancers listed, the client is the right-most entry they did not write', async () => {
    listedLog.lines.length = 0;
    // Through two listed balancers: the entry before them is the client, whatever the client put first.
    await failedLogin(behindListed, `${forgedChain(1, realClient)}, 10.9.9.9`);
    // A client that reaches the server directly is its own address: its X-Forwarded-For is not believed.
    await failedLogin(behindListed, realClient, '198.51.100.50');
    expect(loggedAddresses(listedLog.lines)).toEqual([realClient, '198.51.100.50']);
  });
});
