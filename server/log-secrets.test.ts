import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductApi, runAdmin } from '../tests/helpers/product-api.ts';
import { startProduct, type ProductServer } from '../tests/helpers/product-server.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The server's log of a whole journey, at its most talkative level, must never hold what would
 * let a reader take over an account or a card: passwords, tokens, full card numbers.
 */
describe('the server log of a journey', () => {
  let product: ProductServer;
  const operatorPassword = 'a long operator passphrase';
  const secrets = {
    memberPassword: 'secret77a',
    newPassword: 'changed88b',
    wrongPassword: 'guess99zz',
    operatorPassword,
    cardNumber: '6225880123456789',
  };
  const tokens: string[] = [];
  const searchedPhone = '+886 912 345 678';

  beforeAll(async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'log-secrets-'));
    await runAdmin(dataDir, ['create-operator', 'log_watch'], { OPERATOR_PASSWORD: operatorPassword });
    product = await startProduct({ LOG_LEVEL: 'trace' }, dataDir);
  }, 120_000);
  afterAll(async () => {
    await product.dispose();
  });

  it('holds no password, token or full card number', { timeout: 120_000 }, async () => {
    const api = new ProductApi(product.baseUrl);
    const raw = (method: string, url: string, token?: string, body?: unknown) =>
      fetch(`${product.baseUrl}/api/${url}`, {
        method,
        headers: {
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const username = `log_${Date.now().toString(36)}`;
    const registered = await api.call<{ token: string }>('POST', 'v1/register', undefined, {
      username,
      password: secrets.memberPassword,
      password_confirmation: secrets.memberPassword,
      parent_code: 'SOLAR1',
    });
    tokens.push(registered.token);
    expect((await raw('POST', 'v1/login', undefined, { username, password: secrets.wrongPassword })).status).toBe(401);
    const { token } = await api.login(username, secrets.memberPassword);
    tokens.push(token);
    await api.call('GET', 'v1/check', token);
    await api.uploadPhoto(token);
    await raw('POST', 'v1/bankcard', token, {
      cardholder: 'Lin Mei',
      bank_name: 'Bank',
      card_number: secrets.cardNumber,
      payment_name: 'b',
    });
    const latest = await api.login(username, secrets.memberPassword);
    tokens.push(latest.token);
    await api.call('PUT', `v1/user/updatePasswordAndParent/${latest.id}`, latest.token, {
      old_password: secrets.memberPassword,
      password: secrets.newPassword,
      password_confirmation: secrets.newPassword,
    });
    const operatorToken = await api.operatorLogin('log_watch', operatorPassword);
    tokens.push(operatorToken);
    await api.call('GET', 'admin/v1/audit', operatorToken);
    // A search by phone is logged as the route and its parameter's name (the journey of log-personal-data.test.ts, here through the started server).
    await api.call('GET', `admin/v1/members?q=${encodeURIComponent(searchedPhone)}`, operatorToken);

    const log = await product.outputHolding('/api/admin/v1/members?q=');
    expect(log.length).toBeGreaterThan(1000);
    for (const [name, value] of Object.entries(secrets)) expect(log.includes(value), name).toBe(false);
    for (const value of tokens) expect(log.includes(value), 'a token').toBe(false);
    expect(log).toContain('/api/admin/v1/members?q=[redacted]');
    expect(log.includes(encodeURIComponent(searchedPhone)), 'the searched phone').toBe(false);
  });
});
