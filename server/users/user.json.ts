import { deviceJson } from '../devices/device.json.ts';
import type { DeviceRow } from '../devices/devices.repository.ts';
import { pointsToNumber } from '../shared/money.ts';
import { uploadPath } from '../uploads/uploads.repository.ts';
import type { UserRow } from './user.repository.ts';

/** What the user object shows beside the member's own row. */
export interface UserRelated {
  parent_code: string | null;
  main_wallet: bigint;
  devices: DeviceRow[];
}

/**
 * The user object of the API contract. It never carries a hash, a token or another member's
 * data: the parent appears only as its referral code.
 */
export function userJson(user: UserRow, { parent_code: parentCode, main_wallet: mainWallet, devices }: UserRelated) {
  return {
    id: user.id,
    username: user.username,
    realname: user.realname,
    phone: user.phone,
    email: user.email,
    countries_id: user.countries_id,
    certificates_id: user.certificates_id,
    certificate_number: user.certificate_number,
    certificate_front: photo(user.certificate_front_id),
    certificate_back: photo(user.certificate_back_id),
    certificate_handle: photo(user.certificate_handle_id),
    verification_status: user.verification_status,
    /** Why an operator rejected the verification; null otherwise. */
    verification_reason: user.verification_reason,
    account_status: user.account_status,
    user_wallets: { main_wallet: pointsToNumber(mainWallet) },
    user_referral_code: { user_referral_code: user.referral_code },
    parent_referral_code: parentCode === null ? null : { user_referral_code: parentCode },
    /** The member's machines, online while a heartbeat is under 5 minutes old. */
    devices: devices.map((row) => deviceJson(row)),
    created_at: new Date(user.created_at).toISOString(),
  };
}

/** An identity photo as the original app's screens read it: its upload id and the path its owner fetches it from. */
function photo(id: string | null): { id: number; image_path: string } | null {
  return id === null ? null : { id: Number(id), image_path: uploadPath(id) };
}
