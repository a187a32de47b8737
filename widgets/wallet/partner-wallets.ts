import { atom } from 'nanostores';
import { apiRequest } from '../core/api.ts';
import type { LocalisedNames } from '../core/local-name.ts';

/** A member's wallet at a partner city (GET v1/enjoycity). */
export interface PartnerWallet {
  id: number;
  name: string;
  /** The operators' name in each locale; the seed's answers have none. */
  names?: LocalisedNames;
  /** Takes no new transfers in; its balance can still be moved out. */
  disabled?: boolean;
  balance: number;
  enjoy_city_item: { id: number };
}

export const $partnerWallets = atom<PartnerWallet[] | null>(null);
export const $partnerWalletsFailed = atom(false);

export async function loadPartnerWallets(): Promise<void> {
  try {
    const envelope = await apiRequest<PartnerWallet[]>('GET', '/v1/enjoycity');
    $partnerWallets.set(envelope.detail);
    $partnerWalletsFailed.set(false);
  } catch {
    $partnerWalletsFailed.set(true);
  }
}

/** The seeded partner cities have names in every locale; others show the name the server gives. */
const partnerNameKeys: Record<number, string> = { 1: 'wallet_store', 2: 'wallet_cinema' };

export function partnerNameKey(wallet: PartnerWallet): string | undefined {
  return partnerNameKeys[wallet.enjoy_city_item.id];
}
