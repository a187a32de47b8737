import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess, expiredMessage, registerMember, send, type Member } from '../../tests/helpers/members.ts';
import { operatorPassword, operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { upsertOperator } from './login.service.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { membersOnlyMessage, operatorOnlyMessage } from '../auth/operator-tokens.ts';

interface AuditRow {
  operator: string | null;
  action: string;
  subject_type: string;
  subject_id: string;
}

describe.each(databaseKinds())('operators and the audit log on %s', (kind) => {
  let testApp: TestApp;
  let member: Member;
  let token: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    member = await registerMember(testApp.app);
    token = await operatorToken(testApp.app, testApp.database.db, 'auditor');
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('an operator logs in with an operator token, distinct from member tokens', () => {
    expect(token).toMatch(/^op\.[A-Za-z0-9_-]{43}$/);
  });

  it('a wrong password, an unknown operator and a member’s credentials are all refused alike', async () => {
    for (const body of [
      { username: 'auditor', password: 'not-the-password' },
      { username: 'nobody_here', password: operatorPassword },
      { username: member.username, password: member.password },
    ]) {
      expectFailure(await send(testApp.app, 'POST', 'admin/v1/login', { body }), 401);
    }
  });

  it('a member token gets 403 on operator paths; an operator token gets 403 on member paths', async () => {
    const asMember = await send(testApp.app, 'GET', 'admin/v1/audit', { token: member.token });
    expect(expectFailure(asMember, 403).message).toBe(operatorOnlyMessage);
    const asOperator = await send(testApp.app, 'GET', 'v1/check', { token });
    expect(expectFailure(asOperator, 403).message).toBe(membersOnlyMessage);
    expect(expectFailure(await send(testApp.app, 'GET', `v1/user/${member.id}`, { token }), 403).message).toBe(membersOnlyMessage);
  });

  it('no token, a forged one or a logged-out one gets 401 on operator paths', async () => {
    expect(expectFailure(await send(testApp.app, 'GET', 'admin/v1/audit'), 401).message).toBe(expiredMessage);
    const forged = `op.${'A'.repeat(43)}`;
    expect(expectFailure(await send(testApp.app, 'GET', 'admin/v1/audit', { token: forged }), 401).message).toBe(expiredMessage);
    const spare = await operatorToken(testApp.app, testApp.database.db);
    expectSuccess(await send(testApp.app, 'POST', 'admin/v1/logout', { token: spare }));
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/audit', { token: spare }), 401);
  });

  it('the audit log records creations and logins, newest first, paged', async () => {
    const page = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/audit?page=1', { token })) as {
      data: AuditRow[];
      current_page: number;
    };
    expect(page.current_page).toBe(1);
    const actions = page.data.map((row) => row.action);
    expect(actions).toContain('operator.login');
    expect(actions).toContain('operator.create');
    const login = page.data.find((row) => row.action === 'operator.login' && row.operator === 'auditor');
    expect(login?.subject_type).toBe('operator');
    const beyond = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/audit?page=999', { token })) as { data: AuditRow[] };
    expect(beyond.data).toEqual([]);
  });

  it('the audit log narrows to one kind of action or one subject, and its page links keep the filter', async () => {
    const second = await operatorToken(testApp.app, testApp.database.db, 'auditor_two');
    expect(second).not.toBe('');
    type Page = { data: (AuditRow & { id: number })[]; total: number; next_page_url: string | null; first_page_url: string };
    const read = async (query: string) => expectSuccess(await send(testApp.app, 'GET', `admin/v1/audit?${query}`, { token })) as Page;

    const logins = await read('action=operator.login');
    expect(logins.data.length).toBeGreaterThanOrEqual(2);
    expect(new Set(logins.data.map((row) => row.action))).toEqual(new Set(['operator.login']));
    expect(logins.first_page_url).toMatch(/[?&]action=operator\.login(&|$)/);

    const whole = await read('page=1');
    const created = whole.data.find((row) => row.action === 'operator.create' && row.subject_type === 'operator');
    const subjectId = created?.subject_id ?? '';
    const one = await read(`subject_type=operator&subject_id=${subjectId}`);
    expect(one.data.length).toBeGreaterThan(0);
    expect(one.total).toBe(one.data.length);
    for (const row of one.data) expect([row.subject_type, row.subject_id]).toEqual(['operator', subjectId]);
    expect(one.data.map((row) => row.id)).toEqual([...one.data.map((row) => row.id)].sort((a, b) => b - a));

    // A member is known by username, as an order by its number: either names the subject.
    await recordAudit(testApp.database.db, { operatorId: null, action: 'member.suspend', subjectType: 'user', subjectId: member.id });
    const byName = await read(`subject_type=user&subject_id=${encodeURIComponent(member.username)}`);
    expect(byName.data.map((row) => [row.action, row.subject_id])).toEqual([['member.suspend', String(member.id)]]);
    expect((await read(`subject_type=user&subject_id=${member.id}`)).total).toBe(1);
    expect((await read(`subject_type=order&subject_id=${encodeURIComponent(member.username)}`)).total).toBe(0);

    const everyOperator = await read('subject_type=operator');
    expect(everyOperator.total).toBeGreaterThan(one.total);
    expect((await read('action=order.confirm')).data).toEqual([]);
  });

  it('refuses an audit filter it cannot read (an id with no subject type, odd characters) with 422 and the field', async () => {
    for (const [query, field] of [
      ['subject_id=7', 'subject_id'],
      ['action=DROP%20TABLE', 'action'],
      ['subject_type=order&subject_id=%27%3B--', 'subject_id'],
    ] as const) {
      const failure = expectFailure(await send(testApp.app, 'GET', `admin/v1/audit?${query}`, { token }), 422);
      expect(Object.keys(failure.errors ?? {}), query).toContain(field);
    }
  });

  it('the audit log cannot be changed or deleted, even by the database user', async () => {
    const { db } = testApp.database;
    await expect(db.updateTable('audit_log').set({ action: 'forged' }).execute()).rejects.toThrow(/never changed/);
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/never changed/);
  });

  it('setting a new password from the command line ends the operator’s sessions', async () => {
    const session = await operatorToken(testApp.app, testApp.database.db, 'rotating');
    await upsertOperator(testApp.database.db, 'rotating', 'another-long-password');
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/audit', { token: session }), 401);
  });

  it('refuses short operator passwords and odd names', async () => {
    await expect(upsertOperator(testApp.database.db, 'shorty', 'short')).rejects.toThrow();
    await expect(upsertOperator(testApp.database.db, 'bad name!', operatorPassword)).rejects.toThrow();
  });
});
