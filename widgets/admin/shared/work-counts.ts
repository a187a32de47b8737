import { atom, onMount } from 'nanostores';
import type { WorkCounts } from '../../../contract/api/dashboard.ts';
import { adminRequest, $operatorChanges, $operatorToken } from './operator-session.ts';

/** The promise: new work shows on an open back office within 10 s of the event; half that leaves room for one slow answer. */
export const workCountsRefreshMs = 5_000;

/** Which tab each count belongs to: its badge is shown there, and counted in the title only where that tab is shown. */
export const workCountTabs: Record<keyof WorkCounts, string> = {
  payment_notices: 'notices',
  verifications: 'verifications',
  withdrawals: 'withdrawals',
  refunds_owed: 'reviews',
  machines_offline: 'machines',
  adjustments_pending: 'members',
  partner_failures: 'partner_wallets',
};

/**
 * The counts, null until the first answer. One timer for the page, asking only while something
 * shows the counts, an operator is signed in and the tab is visible; a tab shown again asks at once.
 */
export const $workCounts = atom<WorkCounts | null>(null);

const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * Asks now. After an operator's change (`fresh`), a badge should neither wait for the next tick nor be answered from
 * counts the server kept before it heard of the change.
 */
async function refreshWorkCounts({ fresh = false } = {}): Promise<void> {
  if ($operatorToken.get() === '' || hidden()) return;
  try {
    $workCounts.set((await adminRequest<WorkCounts>('GET', fresh ? '/work-counts?fresh=true' : '/work-counts')).detail);
  } catch {
    // The last counts stay until an answer comes; the queues themselves say when they cannot load.
  }
}

onMount($workCounts, () => {
  void refreshWorkCounts();
  const timer = setInterval(() => void refreshWorkCounts(), workCountsRefreshMs);
  const onVisibility = () => void refreshWorkCounts();
  document.addEventListener('visibilitychange', onVisibility);
  const stopToken = $operatorToken.listen((token) => {
    $workCounts.set(null);
    if (token !== '') void refreshWorkCounts();
  });
  // Confirming, paying or deciding an item takes it off a count: the badge follows at once.
  const stopChanges = $operatorChanges.listen(() => void refreshWorkCounts({ fresh: true }));
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
    stopToken();
    stopChanges();
  };
});

/** Each tab's waiting work, summed over the counts that belong to it. */
export function countsByTab(counts: WorkCounts | null): Map<string, number> {
  const byTab = new Map<string, number>();
  if (counts === null) return byTab;
  for (const [key, tab] of Object.entries(workCountTabs)) byTab.set(tab, (byTab.get(tab) ?? 0) + (counts[key as keyof WorkCounts] ?? 0));
  return byTab;
}
