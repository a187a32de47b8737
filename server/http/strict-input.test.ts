import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCard, verifiedMember } from '../../tests/helpers/identity.ts';
import { fundMember, points } from '../../tests/helpers/ledger.ts';
import { registerMember, send, validationMessage, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { orderBody } from '../../tests/helpers/orders.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';

/** Rows that only a successful request writes: the refusals below must leave every count as it was. */
const watchedTables = [
  'users',
  'sessions',
  'operator_sessions',
  'audit_log',
  'ledger_entries',
  'orders',
  'bank_cards',
  'withdrawals',
  'settings',
];

describe.each(databaseKinds())('hostile input on %s', (kind) => {
  let testApp: TestApp;
  let member: Member & { realname: string };
  let operator: string;
  let cardId: number;

  const counts = async () => {
    const result: Record<string, number> = {};
    for (const table of watchedTables) {
      const row = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(testApp.database.db);
      result[table] = Number(row.rows[0]?.n);
    }
    return result;
  };

  /** Sends a request and asserts the contract's refusal: 422, the original app's message, one field named, nothing written. */
  async function expectRefused(options: InjectOptions, field: string): Promise<LightMyRequestResponse> {
    const before = await counts();
    const response = await testApp.app.inject(options);
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json() as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe(validationMessage);
    expect(Object.keys(body.errors)).toContain(field);
    expect(await counts()).toEqual(before);
    return response;
  }

  const json = (
    method: NonNullable<InjectOptions['method']>,
    url: string,
    token: string | undefined,
    payload: string | object,
  ): InjectOptions => ({
    method,
    url: `/api/${url}`,
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  const formRequest = (
    method: NonNullable<InjectOptions['method']>,
    url: string,
    token: string | undefined,
    payload: string,
  ): InjectOptions => ({
    method,
    url: `/api/${url}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    payload,
  });
  const get = (url: string, token: string): InjectOptions => ({
    method: 'GET',
    url: `/api/${url}`,
    headers: { authorization: `Bearer ${token}` },
  });

  beforeAll(async () => {
    testApp = await createTestApp(kind, { WITHDRAWAL_COOLDOWN_HOURS: '0' });
    member = await verifiedMember(testApp.app, testApp.database.db);
    cardId = await addCard(testApp.app, member);
    await fundMember(testApp.database.db, member.id, points(1000));
    operator = await operatorToken(testApp.app, testApp.database.db);
  });
  afterAll(async () => {
    await testApp.close();
  });

  describe('NUL bytes and other control characters', () => {
    it.each([
      ['JSON', () => json('POST', 'v1/login', undefined, { username: 'a\u0000b', password: 'secret' })],
      ['form', () => formRequest('POST', 'v1/login', undefined, 'username=a%00b&password=secret')],
    ])('a member login carrying NUL in %s is refused', async (_, options) => {
      await expectRefused(options(), 'username');
    });

    it('a member login carrying NUL in a duplicate JSON key is refused before either value is read', async () => {
      const response = await testApp.app.inject(
        json('POST', 'v1/login', undefined, '{"username":"someone","password":"x","username":"x\\u0000"}'),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        message: validationMessage,
        error_code: 'validation',
        errors: { username: [expect.any(String)] },
      });
    });

    it('an operator login carrying NUL is refused', async () => {
      await expectRefused(json('POST', 'admin/v1/login', undefined, { username: 'op', password: 'pass\u0000word' }), 'password');
    });

    it('a bank card field carrying NUL is refused', async () => {
      const body = { cardholder: member.realname, bank_name: 'Bank\u0000', card_number: '62258801234567', payment_name: 'branch' };
      await expectRefused(json('POST', 'v1/bankcard', member.token, body), 'bank_name');
    });

    it('a referral code carrying NUL is refused on the password and referrer form', async () => {
      await expectRefused(
        json('PUT', `v1/user/updatePasswordAndParent/${member.id}`, member.token, { parent_code: 'SO\u0000LAR' }),
        'parent_code',
      );
    });

    it.each(['\u0007', '\u001b[31m', '\u0085', '\t'])('a one-line field carrying control %j is refused', async (control) => {
      const body = { cardholder: member.realname, bank_name: `Bank${control}`, card_number: '62258801234567', payment_name: 'branch' };
      await expectRefused(json('POST', 'v1/bankcard', member.token, body), 'bank_name');
    });

    it('an operator reason carrying NUL is refused before the audit log', async () => {
      await expectRefused(json('POST', 'admin/v1/withdrawals/1/reject', operator, { reason: 'no\u0000' }), 'reason');
    });
  });

  describe('text that is not well-formed Unicode', () => {
    it.each(['"\\ud800"', '"ok\\udfff"'])('an operator reason of %s is refused', async (reason) => {
      await expectRefused(json('POST', 'admin/v1/withdrawals/1/reject', operator, `{"reason":${reason}}`), 'reason');
    });

    it('a member field with a lone surrogate is refused, not stored as U+FFFD', async () => {
      const body = `{"cardholder":${JSON.stringify(member.realname)},"bank_name":"Bank \\ud800","card_number":"62258801234567","payment_name":"b"}`;
      await expectRefused(json('POST', 'v1/bankcard', member.token, body), 'bank_name');
      // Form bodies decode a percent-encoded surrogate (not valid UTF-8) to U+FFFD: refused the same way.
      await expectRefused(
        formRequest('POST', 'v1/bankcard', member.token, 'bank_name=Bank%ED%A0%80&card_number=62258801234567'),
        'bank_name',
      );
    });
  });

  describe('numbers and ids', () => {
    it.each(['1e400', 'Infinity', '1e309', '0x10', '0', '-1', ' 1', '01'])('page=%s is refused on a paged list', async (page) => {
      await expectRefused(get(`v1/order?page=${encodeURIComponent(page)}`, member.token), 'page');
      await expectRefused(get(`admin/v1/audit?page=${encodeURIComponent(page)}`, operator), 'page');
    });

    it.each(['Infinity', '1E+400', ' ', '0x64', '1e2'])('settings interest_rate = %j is refused', async (value) => {
      await expectRefused(json('PUT', 'admin/v1/settings', operator, { interest_rate: value }), 'interest_rate');
    });

    it('a JSON null for a setting is refused rather than read as 0', async () => {
      await expectRefused(json('PUT', 'admin/v1/settings', operator, { operator_fee_percent: null }), 'operator_fee_percent');
    });

    it('a JSON number beyond doubles is refused', async () => {
      await expectRefused(json('PUT', 'admin/v1/settings', operator, '{"interest_rate":1e400}'), 'interest_rate');
    });

    it.each([true, '1 ', '+1', '0x1', '01'])('bankcard_id = %j never withdraws to a card', async (bankcardId) => {
      await expectRefused(json('POST', 'v1/withdraw', member.token, { bankcard_id: bankcardId, amount: '100' }), 'bankcard_id');
    });

    it('a canonical id and a JSON number amount still withdraw', async () => {
      const response = await testApp.app.inject(json('POST', 'v1/withdraw', member.token, { bankcard_id: String(cardId), amount: 100 }));
      expect(response.statusCode, response.body).toBe(201);
    });

    it.each([
      ['payment_method_id', true],
      ['engine_room_id', true],
      ['delivery_content', 123],
      ['delivery_content', ['a']],
    ])('an order with %s = %j is refused', async (field, value) => {
      await expectRefused(json('POST', 'v1/order', member.token, orderBody({ [field]: value })), field);
    });

    it('countries_id = true is refused on registration', async () => {
      const body = {
        username: 'hostile_reg',
        password: 'abc12345',
        password_confirmation: 'abc12345',
        parent_code: 'SOLAR1',
        countries_id: true,
      };
      await expectRefused(json('POST', 'v1/register', undefined, body), 'countries_id');
    });

    it.each(['1%20', '+1', '0x1', '01', '1%0a'])('withdrawal path id %s is never read as 1', async (id) => {
      await expectRefused(json('POST', `admin/v1/withdrawals/${id}/pay`, operator, { bank_reference: 'REF-1' }), 'id');
    });
  });

  describe('what still passes', () => {
    it('a canonical page reads as a number, and page links are paths on this origin', async () => {
      const other = await registerMember(testApp.app);
      const response = await send(testApp.app, 'GET', 'v1/order?page=1', { token: other.token });
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as { detail: { first_page_url: string } }).detail.first_page_url).toBe('/api/v1/order?page=1');
    });

    it('a multi-line reason keeps its line breaks (CR LF read as LF)', async () => {
      const made = await testApp.app.inject(json('POST', 'v1/withdraw', member.token, { bankcard_id: cardId, amount: '100' }));
      expect(made.statusCode, made.body).toBe(201);
      const id = (made.json() as { detail: { id: number } }).detail.id;
      const rejected = await testApp.app.inject(
        json('POST', `admin/v1/withdrawals/${id}/reject`, operator, { reason: 'Card closed.\r\nAdd another.' }),
      );
      expect(rejected.statusCode, rejected.body).toBe(200);
      const list = await testApp.app.inject(get('v1/withdraw', member.token));
      const rows = (list.json() as { detail: { data: { id: number; reason: string | null }[] } }).detail.data;
      expect(rows.find((row) => row.id === id)?.reason).toBe('Card closed.\nAdd another.');
    });

    it('a forged Host header never reaches a page link', async () => {
      const response = await testApp.app.inject({
        ...get('v1/order', member.token),
        headers: { authorization: `Bearer ${member.token}`, host: 'evil.example' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('evil.example');
    });
  });
});
