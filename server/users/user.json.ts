import type { Db } from '../db/database.ts';
import { accounts, balanceOf } from '../ledger/accounts.ts';
import { pointsToNumber } from '../shared/money.ts';
import { referralCodeOf, type UserRow } from './user.repository.ts';

/**
 * The user object of the API contract. It never carries a hash, a token or another member's
 * data: the parent appears only as its referral code.
 */
export async function userJson(db: Db, user: UserRow) {
  const [parentCode, mainWallet] = await Promise.all([referralCodeOf(db, user.parent_id), balanceOf(db, accounts.memberMain(user.id))]);
  return {
    id: user.id,
    username: user.username,
    realname: user.realname,
    phone: user.phone,
    email: user.email,
    countries_id: user.countries_id,
    certificates_id: user.certificates_id,
    certificate_number: user.certificate_number,
    certificate_front: null,
    certificate_back: null,
    certificate_handle: null,
    verification_status: user.verification_status,
    account_status: user.account_status,
    user_wallets: { main_wallet: pointsToNumber(mainWallet) },
    user_referral_code: { user_referral_code: user.referral_code },
    parent_referral_code: parentCode === null ? null : { user_referral_code: parentCode },
    devices: [],
    created_at: new Date(user.created_at).toISOString(),
  };
}
