import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess, registerMember, send, uniqueName, type Member } from '../../tests/helpers/members.ts';
import { operatorPassword, operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { administratorsOnlyMessage, reviewerRouteList } from '../auth/operator-access.ts';

interface Listed {
  id: number;
  username: string;
  role: string;
  two_factor: boolean;
  disabled: boolean;
  last_seen_at: string | null;
}

describe.each(databaseKinds())('operator roles and the Operators screen on %s', (kind) => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let admin: string;
  let reviewer: string;
  let member: Member;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    app = testApp.app;
    admin = await operatorToken(app, testApp.database.db, uniqueName('chief'));
    reviewer = await operatorToken(app, testApp.database.db, uniqueName('rev'), 'reviewer');
    member = await registerMember(app);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const listAll = async (token = admin) => {
    const first = expectSuccess(await send(app, 'GET', 'admin/v1/operators', { token })) as { data: Listed[]; last_page: number };
    const rest = [];
    for (let page = 2; page <= first.last_page; page += 1)
      rest.push(...(expectSuccess(await send(app, 'GET', `admin/v1/operators?page=${page}`, { token })) as { data: Listed[] }).data);
    return [...first.data, ...rest];
  };
  const find = async (username: string) => (await listAll()).find((row) => row.username === username);
  const add = (username: string, role = 'reviewer', password = 'firstpassword1', token = admin) =>
    send(app, 'POST', 'admin/v1/operators', { token, json: true, body: { username, password, role } });
  const auditOf = (id: number, action: string) =>
    testApp.database.db
      .selectFrom('audit_log')
      .select(['before', 'after', 'operator_id'])
      .where('subject_type', '=', 'operator')
      .where('subject_id', '=', String(id))
      .where('action', '=', action)
      .execute();

  it('me tells the screen who is signed in, with the id that names them in claims', async () => {
    const me = expectSuccess(await send(app, 'GET', 'admin/v1/me', { token: reviewer })) as Record<string, unknown>;
    expect(me).toMatchObject({ role: 'reviewer', two_factor: false, two_factor_required: false, stage: 'signed_in' });
    const listed = (await listAll()).find((row) => row.username === me.username);
    expect(me.id).toBe(listed?.id);
  });

  it('a reviewer is refused 403 administrators_only on administrator routes, including ones this screen did not add', async () => {
    for (const [method, path] of [
      ['GET', 'admin/v1/operators'],
      ['POST', 'admin/v1/operators'],
      ['PUT', 'admin/v1/operator-settings'],
      ['GET', 'admin/v1/audit'],
      ['GET', 'admin/v1/receiving-accounts'],
      ['GET', 'admin/v1/devices'],
      ['PUT', 'admin/v1/settings'],
      ['POST', 'admin/v1/income/distribute'],
    ] as const) {
      const refused = expectFailure(await send(app, method, path, { token: reviewer, json: true, body: {} }), 403);
      expect(refused.error_code, `${method} ${path}`).toBe('administrators_only');
      expect(refused.message).toBe(administratorsOnlyMessage);
    }
  });

  it('every route on the reviewers’ list exists, so a typo cannot quietly close a queue', () => {
    for (const entry of reviewerRouteList) {
      const [method = '', url = ''] = entry.split(' ');
      expect(app.hasRoute({ method: method as 'GET', url }), entry).toBe(true);
    }
  });

  it('a reviewer reaches every action of the queues (answered by the queue, never refused for the role)', async () => {
    for (const entry of reviewerRouteList.filter((route) => route.startsWith('POST /api/admin/v1/') && route.includes(':'))) {
      const path = entry.replace('POST /api/', '').replace(/:[a-z_]+/, '999999');
      const answer = await send(app, 'POST', path, {
        token: reviewer,
        json: true,
        body: { reason: 'x', bank_reference: 'x', payer_name: 'x' },
      });
      expect(answer.statusCode, entry).not.toBe(403);
    }
  });

  it('a reviewer works the queues', async () => {
    for (const path of [
      'admin/v1/dashboard',
      'admin/v1/order-notices?status=pending',
      'admin/v1/verifications',
      'admin/v1/withdrawals',
      'admin/v1/refunds?status=owed',
      'admin/v1/members?status=suspended',
    ]) {
      expectSuccess(await send(app, 'GET', path, { token: reviewer }));
    }
    // Allowed through to the queue's own answer: an unknown order, not a refusal of the role.
    expect(
      expectFailure(await send(app, 'POST', 'admin/v1/orders/999999/reject', { token: reviewer, body: { reason: 'x' } }), 404).error_code,
    ).not.toBe('administrators_only');
  });

  it('a member token is refused on every operator route with 403 operators_only', async () => {
    for (const [method, path] of [
      ['GET', 'admin/v1/operators'],
      ['GET', 'admin/v1/me'],
      ['PUT', 'admin/v1/operators/1/role'],
      ['POST', 'admin/v1/me/two-factor'],
    ] as const) {
      expect(expectFailure(await send(app, method, path, { token: member.token, json: true, body: {} }), 403).error_code).toBe(
        'operators_only',
      );
    }
    expectFailure(await send(app, 'GET', 'admin/v1/operators'), 401);
  });

  it('an administrator adds an operator who can sign in with the role given; the addition is audited', async () => {
    const username = uniqueName('new');
    const { id } = expectSuccess(await add(username), 201) as { id: number };
    const listed = await find(username);
    expect(listed).toMatchObject({ id, role: 'reviewer', two_factor: false, disabled: false, last_seen_at: null });
    const login = expectSuccess(await send(app, 'POST', 'admin/v1/login', { body: { username, password: 'firstpassword1' } })) as {
      stage: string;
    };
    // Someone else chose the password: the first sign-in asks for one of their own (own-password.test.ts).
    expect(login.stage).toBe('password');
    expect((await auditOf(id, 'operator.create'))[0]?.after).toMatchObject({ username, role: 'reviewer' });
  });

  it('bad input is refused per field and adds nobody', async () => {
    const before = (await listAll()).length;
    const short = expectFailure(await add(uniqueName('x'), 'reviewer', 'short1'), 422);
    expect(Object.keys(short.errors ?? {})).toContain('password');
    expect(Object.keys(expectFailure(await add(uniqueName('x'), 'reviewer', 'nodigitsatallhere'), 422).errors ?? {})).toContain('password');
    expect(Object.keys(expectFailure(await add('bad name!', 'reviewer'), 422).errors ?? {})).toContain('username');
    expect(Object.keys(expectFailure(await add(uniqueName('x'), 'owner'), 422).errors ?? {})).toContain('role');
    const taken = uniqueName('taken');
    expectSuccess(await add(taken), 201);
    expect(expectFailure(await add(taken.toUpperCase()), 422).error_code).toBe('operator_name_taken');
    expect((await listAll()).length).toBe(before + 1);
  });

  it('changing a role asks for a reason and is audited before and after', async () => {
    const username = uniqueName('promote');
    const { id } = expectSuccess(await add(username), 201) as { id: number };
    const noReason = expectFailure(
      await send(app, 'PUT', `admin/v1/operators/${id}/role`, { token: admin, json: true, body: { role: 'administrator' } }),
      422,
    );
    expect(Object.keys(noReason.errors ?? {})).toContain('reason');
    expect((await find(username))?.role).toBe('reviewer');
    expectSuccess(
      await send(app, 'PUT', `admin/v1/operators/${id}/role`, {
        token: admin,
        json: true,
        body: { role: 'administrator', reason: 'night lead' },
      }),
    );
    expect((await find(username))?.role).toBe('administrator');
    const [row] = await auditOf(id, 'operator.role');
    expect(row?.before).toEqual({ role: 'reviewer' });
    expect(row?.after).toEqual({ role: 'administrator', reason: 'night lead' });
    expectFailure(
      await send(app, 'PUT', 'admin/v1/operators/999999/role', { token: admin, json: true, body: { role: 'reviewer', reason: 'x' } }),
      404,
    );
  });

  it('disabling ends the operator’s sessions at once; enabling lets them sign in again', async () => {
    const username = uniqueName('leaver');
    const token = await operatorToken(app, testApp.database.db, username, 'reviewer');
    const id = (await find(username))?.id ?? 0;
    expectSuccess(await send(app, 'GET', 'admin/v1/dashboard', { token }));
    expectSuccess(await send(app, 'POST', `admin/v1/operators/${id}/disable`, { token: admin, body: { reason: 'left the company' } }));
    expectFailure(await send(app, 'GET', 'admin/v1/dashboard', { token }), 401);
    expectFailure(await send(app, 'POST', 'admin/v1/login', { body: { username, password: operatorPassword } }), 401);
    expect((await find(username))?.disabled).toBe(true);
    expect((await auditOf(id, 'operator.disable'))[0]?.after).toEqual({ disabled: true, reason: 'left the company' });
    expectSuccess(await send(app, 'POST', `admin/v1/operators/${id}/enable`, { token: admin, body: { reason: 'came back' } }));
    expectSuccess(await send(app, 'POST', 'admin/v1/login', { body: { username, password: operatorPassword } }));
  });

  it('an administrator cannot disable or demote themselves, nor remove the last enabled administrator', async () => {
    const db = testApp.database.db;
    const me = expectSuccess(await send(app, 'GET', 'admin/v1/me', { token: admin })) as { username: string };
    const selfId = (await find(me.username))?.id ?? 0;
    for (const [method, path, body] of [
      ['POST', `admin/v1/operators/${selfId}/disable`, { reason: 'oops' }],
      ['PUT', `admin/v1/operators/${selfId}/role`, { role: 'reviewer', reason: 'oops' }],
    ] as const) {
      expect(expectFailure(await send(app, method, path, { token: admin, json: true, body }), 409).error_code).toBe('operator_self_change');
    }
    // Leave two enabled administrators, who then try to disable each other at the same moment.
    const other = uniqueName('other');
    const otherToken = await operatorToken(app, db, other);
    const otherId = (await find(other))?.id ?? 0;
    for (const row of await listAll())
      if (row.role === 'administrator' && !row.disabled && row.id !== selfId && row.id !== otherId)
        expectSuccess(await send(app, 'POST', `admin/v1/operators/${row.id}/disable`, { token: admin, body: { reason: 'tidy' } }));
    const answers = await Promise.all([
      send(app, 'POST', `admin/v1/operators/${otherId}/disable`, { token: admin, body: { reason: 'race' } }),
      send(app, 'POST', `admin/v1/operators/${selfId}/disable`, { token: otherToken, body: { reason: 'race' } }),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    // Whoever won is still signed in; the other was disabled and signed out.
    const winner = answers[0]?.statusCode === 200 ? admin : otherToken;
    const enabledAdministrators = (await listAll(winner)).filter((row) => row.role === 'administrator' && !row.disabled);
    expect(enabledAdministrators).toHaveLength(1);
    // The survivor is alone: demoting or disabling them is refused whoever asks.
    const [survivor] = enabledAdministrators;
    const { setOperatorEnabled } = await import('./operators.service.ts');
    const loser = survivor?.id === selfId ? otherId : selfId;
    await expect(setOperatorEnabled(db, loser, survivor?.id ?? 0, false, 'x')).rejects.toMatchObject({
      code: 'operator_last_administrator',
    });
  });
});
