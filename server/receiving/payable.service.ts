import type { Db } from '../db/database.ts';
import { ApiError, fieldError } from '../shared/errors.ts';
import {
  accountsForViewer,
  findVirtualCurrency,
  memberCountry,
  virtualCurrencyMethodId,
  type ReceivingAccountRow,
} from './receiving.repository.ts';

export const paymentsNotOpenMessage = 'Payments are not open yet: no receiving account has been set up.';
export const accountUnavailableMessage = 'This account does not take payments.';

/**
 * The accounts the payment screen lists (decision 024): enabled; real, or demo only in demo mode;
 * shown on the site's locale; meant for the member's country (a visitor sees only accounts for every country).
 */
export async function accountsShown(
  db: Db,
  demoMode: boolean,
  locale: string | undefined,
  userId: number | undefined,
): Promise<ReceivingAccountRow[]> {
  const countryId = userId === undefined ? undefined : await memberCountry(db, userId);
  return accountsForViewer(db, { demoMode, locale, countryId });
}

/**
 * The receiving account a payment notice is recorded against, or refused: the account the member
 * names must take their payment now, and with none named the order's method must be open to them
 * (an account of theirs, or the virtual-currency address). With exactly one account, that is the one.
 */
export async function noticeAccount(
  db: Db,
  demoMode: boolean,
  userId: number,
  paymentMethodId: number,
  named: number | undefined,
): Promise<number | null> {
  if (paymentMethodId === virtualCurrencyMethodId) {
    const method = await findVirtualCurrency(db);
    if (!method.available || method.serial_number === null) throw new ApiError(409, 'payments_not_open', paymentsNotOpenMessage);
    return null;
  }
  const accounts = await accountsShown(db, demoMode, undefined, userId);
  if (named !== undefined) {
    if (!accounts.some((account) => account.id === named))
      throw fieldError('remittance_account_id', 'receiving_account_unavailable', accountUnavailableMessage);
    return named;
  }
  if (accounts.length === 0) throw new ApiError(409, 'payments_not_open', paymentsNotOpenMessage);
  return accounts.length === 1 ? (accounts[0]?.id ?? null) : null;
}
