import { describe, expect, it } from 'vitest';
import { ApiFailure, type Envelope } from '../core/api.ts';
import { withdrawFailure, withdrawProblem } from './withdraw.ts';

const refusal = (status: number, message: string, detail: unknown = null) =>
  new ApiFailure(status, message, { status: 0, code: 0, message, detail } satisfies Envelope);

describe('withdrawal rules', () => {
  it.each([
    ['', '150', 'wallet_withdraw_choose_card'],
    ['3', '', 'wallet_amount_blank'],
    ['3', '  ', 'wallet_amount_blank'],
    ['3', '99.9999', 'wallet_less'],
    ['3', '0', 'wallet_less'],
    ['3', '100.12345', 'wallet_less'],
    ['3', '1.2.3', 'wallet_less'],
    ['3', '600', 'wallet_insufficient_balance'],
  ] as const)('card %j amount %j: %s', (card, amount, key) => {
    expect(withdrawProblem(card, amount, 500)).toBe(key);
  });

  it('lets at least 100 with up to 4 decimals go, the balance checked by the server when unknown', () => {
    expect(withdrawProblem('3', '100', 100)).toBeNull();
    expect(withdrawProblem('3', '250.1234', 500)).toBeNull();
    expect(withdrawProblem('3', '99999', null)).toBeNull();
  });

  it('maps the server refusals to what the member reads', () => {
    expect(withdrawFailure(refusal(422, 'Amount cannot be less than 100'))).toEqual({ key: 'wallet_less' });
    expect(withdrawFailure(refusal(422, "Insufficient balance of user's main wallet"))).toEqual({ key: 'wallet_insufficient_balance' });
    expect(withdrawFailure(refusal(422, 'Identity verification is not approved'))).toEqual({ key: 'wallet_withdraw_need_verify' });
    expect(withdrawFailure(refusal(422, "The amount exceeds this card's daily quota"))).toEqual({ key: 'wallet_withdraw_over_quota' });
    expect(withdrawFailure(refusal(422, 'Parameter validation error.', 'Amount cannot be less than 100'))).toEqual({ key: 'wallet_less' });
    expect(
      withdrawFailure(refusal(422, 'This card cannot be used for withdrawals yet', { available_at: '2026-11-23T08:00:00+08:00' })),
    ).toEqual({ key: 'wallet_withdraw_cooldown', availableAt: '2026-11-23T08:00:00+08:00' });
    expect(withdrawFailure(refusal(422, 'This card cannot be used for withdrawals yet'))).toEqual({ key: 'wallet_withdraw_fail' });
    expect(withdrawFailure(refusal(503, 'Service unavailable'))).toEqual({ key: 'wallet_withdraw_fail' });
    expect(withdrawFailure(new ApiFailure(0, 'failed to connect'))).toEqual({ key: 'wallet_withdraw_fail' });
  });

  it("shows a 402's detail (the cardholder is not the verified real name) as the server wrote it", () => {
    const text = 'The cardholder does not match your verified real name';
    expect(withdrawFailure(refusal(402, 'Bank card rejected', text))).toEqual({ text });
  });
});
