import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCard, verifiedMember } from '../../tests/helpers/identity.ts';
import { fundMember, points } from '../../tests/helpers/ledger.ts';
import { expectFailure, expectSuccess, send, uniqueName, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { coolingDownMessage } from '../withdrawals/withdrawals.service.ts';

const hourMs = 3_600_000;

/**
 * Customer service sets one member's withdrawal cool-down (issue 35): a member who changed their card
 * in person can be paid today, one whose login was abused can be held longer, and everyone else keeps
 * the install's WITHDRAWAL_COOLDOWN_HOURS.
 */
describe.each(databaseKinds())('a member’s own withdrawal cool-down on %s', (kind) => {
  let testApp: TestApp;
  let admin: string;
  let reviewer: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind, { WITHDRAWAL_COOLDOWN_HOURS: '24' });
    admin = await operatorToken(testApp.app, testApp.database.db);
    reviewer = await operatorToken(testApp.app, testApp.database.db, uniqueName('rev'), 'reviewer');
  });
  afterAll(async () => {
    await testApp.close();
  });

  /** A verified member with points and a card added just now (so the cool-down applies). */
  async function memberWithNewCard(): Promise<{ member: Member; cardId: number }> {
    const member = await verifiedMember(testApp.app, testApp.database.db, 'Lin Mei');
    await fundMember(testApp.database.db, member.id, points(500));
    return { member, cardId: await addCard(testApp.app, member) };
  }
  const setCooldown = (memberId: number, body: Record<string, unknown>, token = admin) =>
    send(testApp.app, 'PUT', `admin/v1/members/${memberId}/withdrawal-cooldown`, { token, body, json: true });
  const withdraw = (member: Member, cardId: number) =>
    send(testApp.app, 'POST', 'v1/withdraw', { token: member.token, body: { bankcard_id: cardId, amount: '100' } });
  const cardWithdrawableFrom = async (member: Member) =>
    (expectSuccess(await send(testApp.app, 'GET', 'v1/bankcard', { token: member.token })) as { withdrawable_from: string | null }[])[0]
      ?.withdrawable_from;
  const memberPage = async (memberId: number) =>
    (
      expectSuccess(await send(testApp.app, 'GET', `admin/v1/members/${memberId}`, { token: admin })) as {
        withdrawal_cooldown: { hours: number | null; install_hours: number };
      }
    ).withdrawal_cooldown;

  it('0 hours lets the member withdraw to a card added a moment ago; the card list says so too', async () => {
    const { member, cardId } = await memberWithNewCard();
    expect(expectFailure(await withdraw(member, cardId), 422).message).toBe(coolingDownMessage);
    expect(await memberPage(member.id)).toEqual({ hours: null, install_hours: 24 });

    const set = expectSuccess(await setCooldown(member.id, { hours: 0, reason: 'Changed the card at the counter, ID seen' }));
    expect(set).toEqual({ hours: 0, applies_hours: 0 });
    expect(await cardWithdrawableFrom(member)).toBeNull();
    expectSuccess(await withdraw(member, cardId), 201);
    expect(await memberPage(member.id)).toEqual({ hours: 0, install_hours: 24 });
  });

  it('a longer wait holds the member longer, and blank gives them the install’s again', async () => {
    const { member, cardId } = await memberWithNewCard();
    expectSuccess(await setCooldown(member.id, { hours: 72, reason: 'Login from an unknown device reported' }));
    const waitsUntil = Date.parse((await cardWithdrawableFrom(member)) ?? '');
    expect(waitsUntil - Date.now()).toBeGreaterThan(71 * hourMs);
    const refused = expectFailure(await withdraw(member, cardId), 422);
    expect(Date.parse((refused.detail as { available_at: string }).available_at)).toBe(waitsUntil);

    const back = expectSuccess(await setCooldown(member.id, { hours: '', reason: 'Checked with the member' }));
    expect(back).toEqual({ hours: null, applies_hours: 24 });
    expect(Date.parse((await cardWithdrawableFrom(member)) ?? '') - Date.now()).toBeLessThan(24 * hourMs);
    expectSuccess(await setCooldown(member.id, { hours: null, reason: 'Same again, as JSON null' }));
    expect((await memberPage(member.id)).hours).toBeNull();
  });

  it('is audited with the reason and told to the member with the hours that apply', async () => {
    const { member } = await memberWithNewCard();
    expectSuccess(await setCooldown(member.id, { hours: 6, reason: 'Waiting for the bank to confirm' }));
    const audit = expectSuccess(
      await send(testApp.app, 'GET', `admin/v1/audit?subject_type=user&subject_id=${member.id}`, { token: admin }),
    ) as { data: { action: string; before: unknown; after: unknown }[] };
    expect(audit.data.find((entry) => entry.action === 'member.withdrawal_cooldown')).toMatchObject({
      before: { withdrawal_cooldown_hours: null },
      after: { withdrawal_cooldown_hours: 6, reason: 'Waiting for the bank to confirm' },
    });
    const notices = expectSuccess(await send(testApp.app, 'GET', 'v1/notifications', { token: member.token })) as {
      data: { kind: string; params: Record<string, unknown> }[];
    };
    expect(notices.data.find((notice) => notice.kind === 'withdrawal_cooldown_changed')?.params).toEqual({ hours: 6 });
  });

  it('refuses bad hours or no reason with nothing changed, a reviewer, and an unknown member', async () => {
    const { member } = await memberWithNewCard();
    for (const hours of [-1, 721, 1.5, 'soon', '01'])
      expect(expectFailure(await setCooldown(member.id, { hours, reason: 'x' }), 422).error_code, String(hours)).toBe('validation');
    expect(expectFailure(await setCooldown(member.id, { hours: 0, reason: '   ' }), 422).errors).toHaveProperty('reason');
    expect(expectFailure(await setCooldown(member.id, { hours: 0, reason: 'x' }, reviewer), 403).error_code).toBe('administrators_only');
    expect(expectFailure(await setCooldown(member.id, { hours: 0, reason: 'x' }, member.token), 403).error_code).toBe('operators_only');
    expect(expectFailure(await setCooldown(2_000_000_000, { hours: 0, reason: 'x' }), 404).error_code).toBe('member_not_found');
    expect(await memberPage(member.id)).toEqual({ hours: null, install_hours: 24 });
  });
});
