import { atom } from 'nanostores';
import { apiRequest } from '../core/api.ts';
import { $token } from '../core/session.ts';
import type { LocalisedNames } from '../core/local-name.ts';

/** A member's wallet at a partner city (GET v1/enjoycity). */
export interface PartnerWallet {
  id: number;
  name: string;
  /** The operators' name in each locale; the original app's answers have none. */
  names?: LocalisedNames;
  /** Takes no new transfers in; its balance can still be moved out. */
  disabled?: boolean;
  balance: number;
  enjoy_city_item: { id: number };
}

export const $partnerWallets = atom<PartnerWallet[] | null>(null);
export const $partnerWalletsFailed = atom(false);

/** Counts the questions asked; a session that ends or changes counts as one, so no answer from before it lands. */
let asked = 0;

/** The partner wallets of the member now logged in; only the latest question's answer counts. */
export async function loadPartnerWallets(): Promise<void> {
  const question = ++asked;
  try {
    const envelope = await apiRequest<PartnerWallet[]>('GET', '/v1/enjoycity');
    if (question !== asked) return;
    $partnerWallets.set(envelope.detail);
    $partnerWalletsFailed.set(false);
  } catch {
    if (question === asked) $partnerWalletsFailed.set(true);
  }
}

// Another member, or nobody: the wallets shown were the last member's, and an answer still on its way is theirs too.
$token.listen(() => {
  asked += 1;
  $partnerWallets.set(null);
  $partnerWalletsFailed.set(false);
});

/** The seeded partner cities have names in every locale; others show the name the server gives. */
const partnerNameKeys: Record<number, string> = { 1: 'wallet_store', 2: 'wallet_cinema' };

export function partnerNameKey(wallet: PartnerWallet): string | undefined {
  return partnerNameKeys[wallet.enjoy_city_item.id];
}
