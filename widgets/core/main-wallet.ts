import { atom, onMount } from 'nanostores';
import type { MainWallet } from '../../contract/api/wallet.ts';
import { apiRequest } from './api.ts';
import { $token, $user } from './session.ts';

/** The original app refreshes the main wallet every 5 seconds while the app runs. */
export const mainWalletRefreshMs = 5_000;

/** Asks the server for the balance now (after a transfer, say); the timer goes on as before. */
export async function refreshMainWallet(): Promise<void> {
  if ($token.get() === '') return;
  try {
    const envelope = await apiRequest<MainWallet>('GET', '/v1/userWallet');
    $mainWallet.set(envelope.detail.main_wallet);
  } catch {
    // A failed refresh keeps the last known balance; the next tick tries again.
  }
}

const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * The main-wallet balance in points, null while unknown or logged out. One timer for the whole
 * page, running only while something shows the balance and the tab is visible: a hidden tab asks
 * nothing, and catches up the moment it is shown again.
 */
export const $mainWallet = atom<number | null>(null);

onMount($mainWallet, () => {
  const fromUser = () => $user.get()?.user_wallets?.main_wallet ?? null;
  $mainWallet.set(fromUser());
  void refreshMainWallet();
  const timer = setInterval(() => {
    if (!hidden()) void refreshMainWallet();
  }, mainWalletRefreshMs);
  const onVisibility = () => {
    if (!hidden()) void refreshMainWallet();
  };
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);
  const stopUser = $user.listen(() => {
    $mainWallet.set(fromUser());
    void refreshMainWallet();
  });
  return () => {
    clearInterval(timer);
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
    stopUser();
  };
});
