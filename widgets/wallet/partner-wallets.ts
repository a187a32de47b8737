import { atom } from 'nanostores';
import type { PartnerWallet } from '../../contract/api/wallet.ts';
import { apiRequest } from '../core/api.ts';
import { $token } from '../core/session.ts';

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
