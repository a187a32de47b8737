import { describe, expect, it } from 'vitest';
import type { RefusalCode } from '../../contract/refusals.ts';
import { ApiFailure, type Envelope } from '../core/api.ts';
import { withdrawFailure, withdrawProblem } from './withdraw.ts';

/** A refusal as the server sends it; the English message is deliberately meaningless: screens read the code. */
const refusal = (status: number, errorCode: RefusalCode, detail: unknown = null) =>
  new ApiFailure(status, 'English wording', {
    status: 0,
    code: 0,
    message: 'English wording',
    detail,
    error_code: errorCode,
  } satisfies Envelope);

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

  it('maps the server refusals to what the member reads, by their code', () => {
    expect(withdrawFailure(refusal(422, 'amount_below_minimum'))).toEqual({ key: 'wallet_less' });
    expect(withdrawFailure(refusal(422, 'main_wallet_insufficient'))).toEqual({ key: 'wallet_insufficient_balance' });
    expect(withdrawFailure(refusal(422, 'identity_not_verified'))).toEqual({ key: 'wallet_withdraw_need_verify' });
    expect(withdrawFailure(refusal(422, 'withdrawal_over_quota'))).toEqual({ key: 'wallet_withdraw_over_quota' });
    expect(withdrawFailure(refusal(422, 'withdrawal_card_cooling_down', { available_at: '2026-11-23T08:00:00+08:00' }))).toEqual({
      key: 'wallet_withdraw_cooldown',
      availableAt: '2026-11-23T08:00:00+08:00',
    });
    expect(withdrawFailure(refusal(422, 'withdrawal_card_cooling_down'))).toEqual({ key: 'wallet_withdraw_fail' });
    expect(withdrawFailure(refusal(403, 'account_suspended'))).toEqual({ key: 'refusal_account_suspended' });
    expect(withdrawFailure(refusal(503, 'service_unavailable'))).toEqual({ key: 'wallet_withdraw_fail' });
    expect(withdrawFailure(new ApiFailure(0, 'failed to connect'))).toEqual({ key: 'wallet_withdraw_fail' });
  });

  it('words a 402 (the cardholder is not the verified real name) by its code, not by the English it carries', () => {
    expect(withdrawFailure(refusal(402, 'cardholder_mismatch', 'The cardholder must be your verified real name'))).toEqual({
      key: 'refusal_cardholder_mismatch',
    });
  });
});
