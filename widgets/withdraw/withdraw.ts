import type { RefusalCode } from '../../contract/refusals.ts';
import { withdrawMinPoints } from '../../contract/limits.ts';
import type { WithdrawBody, Withdrawal } from '../../contract/api/withdrawals.ts';
import { ApiFailure, apiRequest } from '../core/api.ts';
import { refusalCode, refusalKey } from '../core/refusal.ts';

const amountPattern = /^\d{1,15}(\.\d{1,4})?$/;

/** The checks before anything is sent, as a message key; null when the withdrawal may go. */
export function withdrawProblem(cardId: string, amount: string, mainBalance: number | null): string | null {
  const text = amount.trim();
  if (cardId === '') return 'wallet_withdraw_choose_card';
  if (text === '') return 'wallet_amount_blank';
  if (!amountPattern.test(text) || Number(text) < withdrawMinPoints) return 'wallet_less';
  if (mainBalance !== null && Number(text) > mainBalance) return 'wallet_insufficient_balance';
  return null;
}

/** Refusals the withdrawal screen words with the keys its own checks use. */
const screenKeys: Partial<Record<RefusalCode, string>> = {
  amount_below_minimum: 'wallet_less',
  main_wallet_insufficient: 'wallet_insufficient_balance',
  identity_not_verified: 'wallet_withdraw_need_verify',
  withdrawal_over_quota: 'wallet_withdraw_over_quota',
};

/** Refusals the withdrawal screen words by their own code (listed so that the island carries their messages). */
export const withdrawRefusals = ['cardholder_mismatch', 'account_suspended', 'bank_card_not_found', 'rate_limited'] as const;

/** What a refused withdrawal shows: a message key, with the card's available time for a card still cooling down. */
export interface WithdrawFailure {
  key: string;
  availableAt?: string;
}

export function withdrawFailure(failure: unknown): WithdrawFailure {
  const code = refusalCode(failure);
  if (code === 'withdrawal_card_cooling_down') {
    const detail = failure instanceof ApiFailure ? failure.envelope?.detail : undefined;
    const availableAt = typeof detail === 'object' && detail !== null ? (detail as { available_at?: unknown }).available_at : undefined;
    return typeof availableAt === 'string' ? { key: 'wallet_withdraw_cooldown', availableAt } : { key: 'wallet_withdraw_fail' };
  }
  if (code === undefined) return { key: 'wallet_withdraw_fail' };
  const screenKey = screenKeys[code];
  if (screenKey !== undefined) return { key: screenKey };
  return { key: (withdrawRefusals as readonly RefusalCode[]).includes(code) ? refusalKey(code) : 'wallet_withdraw_fail' };
}

export interface WithdrawRequest {
  cardId: string;
  amount: string;
  /** The same key for a retry of the same withdrawal, so a lost answer never takes the points twice. */
  idempotencyKey: string;
}

export async function sendWithdrawal(request: WithdrawRequest): Promise<Withdrawal> {
  const body: WithdrawBody = { bankcard_id: Number(request.cardId), amount: request.amount.trim() };
  const envelope = await apiRequest<Withdrawal>('POST', '/v1/withdraw', body, { headers: { 'Idempotency-Key': request.idempotencyKey } });
  return envelope.detail;
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
