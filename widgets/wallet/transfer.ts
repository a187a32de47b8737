import { transferMinPoints } from '../../contract/limits.ts';
import { apiRequest } from '../core/api.ts';
import { refusalCode, refusalKey } from '../core/refusal.ts';

/** The main wallet in the from/to selectors; a partner wallet is its partner city's id. */
export const mainWallet = 'main';
export type WalletChoice = typeof mainWallet | number | null;

/** The original app's trade types (docs/original-app.md): 0 nothing to do, 2 partner → main (withdrawal), 4 main → partner (deposit). */
export type TradeType = 0 | 2 | 4;

const amountPattern = /^\d{1,15}(\.\d{1,4})?$/;

export function tradeType(from: WalletChoice, to: WalletChoice): TradeType {
  if (from === null || to === null || from === to) return 0;
  if (from === mainWallet && to !== mainWallet) return 4;
  if (from !== mainWallet && to === mainWallet) return 2;
  return 0;
}

/** Choosing a partner wallet to move from forces the main wallet as the destination (as in the original app). */
export function toAfterChoosingFrom(from: WalletChoice, to: WalletChoice): WalletChoice {
  return from !== null && from !== mainWallet ? mainWallet : to;
}

/**
 * The original app's checks before anything is sent, in its order, as a message key; null when the
 * transfer may go. A zero amount, which the original app's screen drops silently, gets the minimum notice;
 * a partner wallet's whole balance below the minimum may still move back (`fromPartnerBalance`).
 */
export function transferProblem(
  amount: string,
  from: WalletChoice,
  to: WalletChoice,
  mainBalance: number | null,
  fromPartnerBalance: number | null = null,
): string | null {
  const text = amount.trim();
  if (text === '') return 'wallet_amount_blank';
  if (from === null) return 'wallet_choose_from';
  if (to === null) return 'wallet_choose_to';
  if (from === mainWallet && to === mainWallet) return 'wallet_same_main';
  // A partner wallet's whole remainder may come back below the minimum (the server allows it too).
  const wholeRemainder = from !== mainWallet && to === mainWallet && Number(text) > 0 && Number(text) === fromPartnerBalance;
  if (!amountPattern.test(text) || (Number(text) < transferMinPoints && !wholeRemainder)) return 'wallet_less';
  if (from === mainWallet && mainBalance !== null && Number(text) > mainBalance) return 'wallet_insufficient_balance';
  return null;
}

/** Refusals the wallet words by their own code (listed so that the island carries their messages). */
export const transferRefusals = ['partner_unavailable'] as const;

/** The original app's mapping of a failed transfer to what the member reads, by the refusal's code. */
export function failureKey(type: TradeType, failure: unknown): string {
  const code = refusalCode(failure);
  if (code === 'main_wallet_insufficient') return 'wallet_insufficient_balance';
  if (code === 'partner_wallet_insufficient') return 'wallet_insufficient_partner';
  // As in the original app, a partner → main transfer below the minimum, or one the database could not record, reads "lower".
  if (type === 2 && (code === 'amount_below_minimum' || code === 'transfer_write_failed')) return 'wallet_lower';
  if (code === 'amount_below_minimum') return 'wallet_less';
  if (code === 'partner_unavailable') return refusalKey(code);
  return 'wallet_transfer_fail';
}

export interface TransferRequest {
  type: 2 | 4;
  partnerId: number;
  amount: string;
  /** The same key for a retry of the same transfer, so a lost answer never moves points twice. */
  idempotencyKey: string;
}

export async function sendTransfer(request: TransferRequest): Promise<void> {
  const action = request.type === 4 ? 'deposit' : 'withdrawal';
  await apiRequest(
    'POST',
    `/v1/enjoycity/${request.partnerId}/${action}`,
    { amount: request.amount.trim() },
    { headers: { 'Idempotency-Key': request.idempotencyKey } },
  );
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
