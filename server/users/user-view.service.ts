import type { Db } from '../db/database.ts';
import { listDevicesOfUser } from '../devices/devices.repository.ts';
import { accounts, balanceOf } from '../ledger/accounts.ts';
import { userJson } from './user.json.ts';
import { referralCodeOf, type UserRow } from './user.repository.ts';

/** The member's user object: their row with their referrer's code, main wallet and machines. */
export async function userView(db: Db, user: UserRow) {
  const [parentCode, mainWallet, devices] = await Promise.all([
    referralCodeOf(db, user.parent_id),
    balanceOf(db, accounts.memberMain(user.id)),
    listDevicesOfUser(db, user.id),
  ]);
  return userJson(user, { parent_code: parentCode, main_wallet: mainWallet, devices });
}
