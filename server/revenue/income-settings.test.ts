import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectSuccess, registerMember, send } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { feeReasonMessage } from './income-settings.service.ts';

interface Settings {
  interest_rate: number;
  operator_fee_percent: number;
  business_time_zone: string;
}

describe.each(databaseKinds())('the settings screen’s API on %s', (kind) => {
  let testApp: TestApp;
  let operator: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    operator = await operatorToken(testApp.app, testApp.database.db);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const put = (body: Record<string, unknown>, token = operator) =>
    send(testApp.app, 'PUT', 'admin/v1/settings', { token, body, json: true });
  const read = async () => expectSuccess(await send(testApp.app, 'GET', 'admin/v1/settings', { token: operator })) as Settings;
  const lastAudit = () =>
    testApp.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.update')
      .orderBy('id', 'desc')
      .executeTakeFirst();

  it('a fee change without a reason is refused on the reason field and changes nothing', async () => {
    const before = await read();
    const refused = expectFailure(await put({ operator_fee_percent: 12.5, interest_rate: 4 }), 422);
    expect(refused.errors).toEqual({ reason: [feeReasonMessage] });
    expect(await read()).toEqual(before);
    expectFailure(await put({ operator_fee_percent: 12.5, reason: '   ' }), 422);
    expect(await read()).toEqual(before);
  });

  it('the rate, and today’s zone chosen again, change without a reason; the fee with one, and the log has both sides and the reason', async () => {
    expect(await put({ interest_rate: 2.75, business_time_zone: 'Asia/Taipei' }).then((reply) => expectSuccess(reply))).toMatchObject({
      interest_rate: 2.75,
      business_time_zone: 'Asia/Taipei',
    });
    const changed = expectSuccess(await put({ operator_fee_percent: 12.5, reason: 'New hosting contract' })) as Settings;
    expect(changed.operator_fee_percent).toBe(12.5);
    const audit = await lastAudit();
    expect(audit?.before).toMatchObject({ operator_fee_bp: 1000 });
    expect(audit?.after).toMatchObject({ operator_fee_bp: 1250, interest_rate_bp: 275, reason: 'New hosting contract' });
    // Saving the same fee again is no fee change: no reason needed.
    expectSuccess(await put({ operator_fee_percent: 12.5, interest_rate: 3 }));
  });

  it('an unknown time zone is refused by name; a member is refused', async () => {
    const refused = expectFailure(await put({ business_time_zone: 'Mars/Olympus' }), 422);
    expect(Object.keys(refused.errors ?? {})).toEqual(['business_time_zone']);
    const member = await registerMember(testApp.app);
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/settings', { token: member.token }), 403);
  });
});
