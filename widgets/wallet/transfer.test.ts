import { describe, expect, it } from 'vitest';
import type { RefusalCode } from '../../contract/refusals.ts';
import { ApiFailure, type Envelope } from '../core/api.ts';
import { failureKey, mainWallet, toAfterChoosingFrom, tradeType, transferProblem } from './transfer.ts';

/** A refusal as the server sends it; the English message is deliberately meaningless: the wallet reads the code. */
const refusal = (errorCode: RefusalCode, status = 422) =>
  new ApiFailure(status, 'English wording', {
    status: 0,
    code: 0,
    message: 'English wording',
    detail: null,
    error_code: errorCode,
  } satisfies Envelope);

describe('wallet transfer rules (as in the original app)', () => {
  it('main → partner is a deposit (4), partner → main a withdrawal (2), anything else 0', () => {
    expect(tradeType(mainWallet, 2)).toBe(4);
    expect(tradeType(1, mainWallet)).toBe(2);
    expect(tradeType(mainWallet, mainWallet)).toBe(0);
    expect(tradeType(null, 2)).toBe(0);
    expect(tradeType(1, 2)).toBe(0);
  });

  it('choosing a partner wallet to move from forces the main wallet as the destination', () => {
    expect(toAfterChoosingFrom(2, 1)).toBe(mainWallet);
    expect(toAfterChoosingFrom(2, null)).toBe(mainWallet);
    expect(toAfterChoosingFrom(mainWallet, 2)).toBe(2);
  });

  it.each([
    ['', mainWallet, 2, 'wallet_amount_blank'],
    ['  ', mainWallet, 2, 'wallet_amount_blank'],
    ['150', null, 2, 'wallet_choose_from'],
    ['150', mainWallet, null, 'wallet_choose_to'],
    ['150', mainWallet, mainWallet, 'wallet_same_main'],
    ['0', mainWallet, 2, 'wallet_less'],
    ['99.9999', 1, mainWallet, 'wallet_less'],
    ['abc', mainWallet, 2, 'wallet_less'],
    ['100.12345', mainWallet, 2, 'wallet_less'],
    ['-200', mainWallet, 2, 'wallet_less'],
    ['600', mainWallet, 2, 'wallet_insufficient_balance'],
  ] as const)('amount %j from %j to %j: %s', (amount, from, to, key) => {
    expect(transferProblem(amount, from, to, 500)).toBe(key);
  });

  it('lets a valid transfer go, the partner side checked by the server', () => {
    expect(transferProblem('100', mainWallet, 2, 100)).toBeNull();
    expect(transferProblem('100.5', 1, mainWallet, 0)).toBeNull();
    expect(transferProblem('250', mainWallet, 1, null)).toBeNull();
  });

  it('lets a partner wallet’s whole remainder below the minimum come back, and nothing less or the other way', () => {
    expect(transferProblem('20.5', 1, mainWallet, 0, 20.5)).toBeNull();
    expect(transferProblem('20', 1, mainWallet, 0, 20.5)).toBe('wallet_less');
    expect(transferProblem('20.5', mainWallet, 1, 500, 20.5)).toBe('wallet_less');
    expect(transferProblem('0', 1, mainWallet, 0, 0)).toBe('wallet_less');
  });

  it("maps the server refusals to the original app's messages by their code", () => {
    expect(failureKey(4, refusal('main_wallet_insufficient'))).toBe('wallet_insufficient_balance');
    expect(failureKey(2, refusal('partner_wallet_insufficient'))).toBe('wallet_insufficient_partner');
    expect(failureKey(2, refusal('amount_below_minimum'))).toBe('wallet_lower');
    expect(failureKey(2, refusal('transfer_write_failed', 503))).toBe('wallet_lower');
    expect(failureKey(4, refusal('amount_below_minimum'))).toBe('wallet_less');
    expect(failureKey(4, refusal('partner_unavailable', 503))).toBe('refusal_partner_unavailable');
    expect(failureKey(4, refusal('server_error', 500))).toBe('wallet_transfer_fail');
    expect(failureKey(4, new ApiFailure(0, 'failed to connect'))).toBe('wallet_transfer_fail');
  });
});
