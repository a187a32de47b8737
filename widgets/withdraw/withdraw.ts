import { ApiFailure, apiRequest } from '../core/api.ts';
import { serverDetailText } from '../ui/server-messages.ts';

/** The least withdrawal (the seed's minimum for withdrawals and transfers; the server repeats it). */
export const withdrawMinPoints = 100;

const amountPattern = /^\d{1,15}(\.\d{1,4})?$/;

/** A withdrawal as POST v1/withdraw answers it and GET v1/withdraw lists it. */
export interface Withdrawal {
  id: number;
  amount: number;
  /** 1 accepted (held, waiting for payout), 2 completed (paid), 3 failed (hold released). */
  status: 1 | 2 | 3;
  reason: string | null;
  created_at: string;
  bankcard: { id: number; bank_name: string; card_last4: string } | null;
}

/** The checks before anything is sent, as a message key; null when the withdrawal may go. */
export function withdrawProblem(cardId: string, amount: string, mainBalance: number | null): string | null {
  const text = amount.trim();
  if (cardId === '') return 'wallet_withdraw_choose_card';
  if (text === '') return 'wallet_amount_blank';
  if (!amountPattern.test(text) || Number(text) < withdrawMinPoints) return 'wallet_less';
  if (mainBalance !== null && Number(text) > mainBalance) return 'wallet_insufficient_balance';
  return null;
}

/** The server's texts (API contract and server/withdrawals) and what the member reads for them. */
const refusals: Record<string, string> = {
  'Amount cannot be less than 100': 'wallet_less',
  "Insufficient balance of user's main wallet": 'wallet_insufficient_balance',
  'Identity verification is not approved': 'wallet_withdraw_need_verify',
  "The amount exceeds this card's daily quota": 'wallet_withdraw_over_quota',
};
const cooldownMessage = 'This card cannot be used for withdrawals yet';

/** What a refused withdrawal shows: a message key (with the card's available time), or the server's own 402 sentence. */
export type WithdrawFailure = { key: string; availableAt?: string } | { text: string };

export function withdrawFailure(failure: unknown): WithdrawFailure {
  const text = serverDetailText(failure);
  if (text !== null) return { text };
  const envelope = failure instanceof ApiFailure ? failure.envelope : undefined;
  const message = envelope?.message ?? '';
  const detail = envelope?.detail;
  const detailText = typeof detail === 'string' ? detail : '';
  if (message === cooldownMessage || detailText === cooldownMessage) {
    const availableAt = typeof detail === 'object' && detail !== null ? (detail as { available_at?: unknown }).available_at : undefined;
    return typeof availableAt === 'string' ? { key: 'wallet_withdraw_cooldown', availableAt } : { key: 'wallet_withdraw_fail' };
  }
  const key = refusals[message] ?? refusals[detailText];
  return { key: key ?? 'wallet_withdraw_fail' };
}

export interface WithdrawRequest {
  cardId: string;
  amount: string;
  /** The same key for a retry of the same withdrawal, so a lost answer never takes the points twice. */
  idempotencyKey: string;
}

export async function sendWithdrawal(request: WithdrawRequest): Promise<Withdrawal> {
  const envelope = await apiRequest<Withdrawal>(
    'POST',
    '/v1/withdraw',
    { bankcard_id: request.cardId, amount: request.amount.trim() },
    { headers: { 'Idempotency-Key': request.idempotencyKey } },
  );
  return envelope.detail;
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
