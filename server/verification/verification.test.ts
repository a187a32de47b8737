import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationBody } from '../../tests/helpers/identity.ts';
import { check, expectFailure, expectSuccess, registerMember, send, validationMessage, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { uploadPhoto } from '../../tests/helpers/uploads.ts';
import { alreadyVerifiedMessage, notPendingMessage } from './verification.service.ts';

interface UserDetail {
  verification_status: string;
  verification_reason: string | null;
  realname: string | null;
  certificate_front: { id: number; image_path: string } | null;
}

describe.each(databaseKinds())('identity verification on %s', (kind) => {
  let testApp: TestApp;
  let operator: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    operator = await operatorToken(testApp.app, testApp.database.db);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const submit = async (member: Member, body: Record<string, unknown>) =>
    send(testApp.app, 'PUT', `v1/user/${member.id}`, { token: member.token, body });
  const userOf = async (member: Member) => expectSuccess(await check(testApp.app, member.token)) as UserDetail;

  it('a submission waits for review, then an operator approves it; the real name is then frozen', async () => {
    const member = await registerMember(testApp.app);
    const detail = expectSuccess(await submit(member, await verificationBody(testApp.app, member, 'Chen Jia'))) as UserDetail;
    expect(detail.verification_status).toBe('pending');
    expect(detail.certificate_front?.image_path).toMatch(/^\/api\/v1\/image\/\d+$/);

    const queue = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/verifications?status=pending', { token: operator })) as {
      data: { user_id: number; photos: { front: string | null } }[];
    };
    const mine = queue.data.find((row) => row.user_id === member.id);
    expect(mine?.photos.front).toBe(detail.certificate_front?.image_path);

    expectSuccess(await send(testApp.app, 'POST', `admin/v1/verifications/${member.id}/approve`, { token: operator }));
    expect((await userOf(member)).verification_status).toBe('approved');
    const again = await submit(member, await verificationBody(testApp.app, member, 'Someone Else'));
    expect(expectFailure(again, 409).message).toBe(alreadyVerifiedMessage);
    expect((await userOf(member)).realname).toBe('Chen Jia');
    expect(
      expectFailure(await send(testApp.app, 'POST', `admin/v1/verifications/${member.id}/approve`, { token: operator }), 409).message,
    ).toBe(notPendingMessage);
  });

  it('a rejection carries a reason the member sees, and the member may submit again', async () => {
    const member = await registerMember(testApp.app);
    expectSuccess(await submit(member, await verificationBody(testApp.app, member, 'Wang Fang')));
    expectFailure(
      await send(testApp.app, 'POST', `admin/v1/verifications/${member.id}/reject`, { token: operator, body: { reason: ' ' } }),
      422,
    );
    expectSuccess(
      await send(testApp.app, 'POST', `admin/v1/verifications/${member.id}/reject`, {
        token: operator,
        body: { reason: 'The back photo is blurred' },
      }),
    );
    const user = await userOf(member);
    expect(user).toMatchObject({ verification_status: 'rejected', verification_reason: 'The back photo is blurred' });
    expectSuccess(await submit(member, await verificationBody(testApp.app, member, 'Wang Fang')));
    expect(await userOf(member)).toMatchObject({ verification_status: 'pending', verification_reason: null });
  });

  it('records both decisions in the audit log with before and after', async () => {
    const audit = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/audit', { token: operator })) as {
      data: { action: string; before: { verification_status: string } | null; after: { verification_status: string } | null }[];
    };
    const reject = audit.data.find((row) => row.action === 'verification.reject');
    expect(reject?.before?.verification_status).toBe('pending');
    expect(reject?.after?.verification_status).toBe('rejected');
    expect(audit.data.some((row) => row.action === 'verification.approve')).toBe(true);
  });

  it('refuses another member’s photos, and changes nothing', async () => {
    const member = await registerMember(testApp.app);
    const stranger = await registerMember(testApp.app);
    const body = {
      ...(await verificationBody(testApp.app, member, 'Li Wei')),
      certificate_back: await uploadPhoto(testApp.app, stranger.token),
    };
    expectFailure(await submit(member, body), 422);
    expect((await userOf(member)).verification_status).toBe('none');
  });

  it.each([
    ['realname', ''],
    ['realname', '<script>alert(1)</script>'],
    ['realname', 'x'.repeat(10_000)],
    ['email', 'not-an-email'],
    ['phone', 'call me'],
    ['countries_id', 99],
    ['certificates_id', 0],
    ['certificate_number', "1' or '1'='1"],
    ['certificate_front', 'abc'],
  ] as const)('refuses %s = %j with 422 and the field named', async (field, value) => {
    const member = await registerMember(testApp.app);
    const response = await submit(member, { ...(await verificationBody(testApp.app, member, 'Zhao Lei')), [field]: value });
    const body = expectFailure(response, 422);
    expect(body.message).toBe(validationMessage);
    expect(Object.keys(body.errors as object)).toContain(field);
    expect((await userOf(member)).verification_status).toBe('none');
  });

  it('a member can submit only for themselves; operators only review', async () => {
    const member = await registerMember(testApp.app);
    const other = await registerMember(testApp.app);
    expectFailure(
      await send(testApp.app, 'PUT', `v1/user/${other.id}`, {
        token: member.token,
        body: await verificationBody(testApp.app, member, 'A B'),
      }),
      403,
    );
    expectFailure(await send(testApp.app, 'POST', `admin/v1/verifications/${member.id}/approve`, { token: member.token }), 403);
    expectFailure(await send(testApp.app, 'PUT', `v1/user/${member.id}`, { body: {} }), 401);
  });
});
