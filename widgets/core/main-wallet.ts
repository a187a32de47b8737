import { atom, onMount } from 'nanostores';
import { apiRequest } from './api.ts';
import { $token, $user } from './session.ts';

/** The seed refreshes the main wallet every 5 seconds while the app runs. */
export const mainWalletRefreshMs = 5_000;

/** The main-wallet balance in points, null while unknown or logged out. */
export const $mainWallet = atom<number | null>(null);

async function refresh(): Promise<void> {
  if ($token.get() === '') return;
  try {
    const envelope = await apiRequest<{ main_wallet: number }>('GET', '/v1/userWallet');
    $mainWallet.set(envelope.detail.main_wallet);
  } catch {
    // A failed refresh keeps the last known balance; the next tick tries again.
  }
}

// Polls only while something on the page shows the balance.
onMount($mainWallet, () => {
  const fromUser = () => $user.get()?.user_wallets?.main_wallet ?? null;
  $mainWallet.set(fromUser());
  void refresh();
  const timer = setInterval(() => void refresh(), mainWalletRefreshMs);
  const stopUser = $user.listen(() => {
    $mainWallet.set(fromUser());
    void refresh();
  });
  return () => {
    clearInterval(timer);
    stopUser();
  };
});
