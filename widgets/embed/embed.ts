import { $apiOrigin } from '../core/api-origin.ts';

/**
 * The one script a partner page loads. It points the API client at the origin it was served
 * from and fetches each widget's code only when its element appears on the page.
 */
const widgets: Record<string, () => Promise<unknown>> = {
  'gs-session-badge': () => import('../session-badge/element.ts'),
  'gs-language-picker': () => import('../language/element.tsx'),
  'gs-login': () => import('../auth/LoginForm.element.tsx'),
  'gs-register': () => import('../auth/RegisterForm.element.tsx'),
  'gs-setting': () => import('../settings/SettingScreen.element.tsx'),
  'gs-edit-user': () => import('../settings/EditUserForm.element.tsx'),
  'gs-wallet': () => import('../wallet/WalletScreen.element.tsx'),
  'gs-wallet-transactions': () => import('../wallet/TransactionsScreen.element.tsx'),
  'gs-wallet-statement': () => import('../wallet/StatementScreen.element.tsx'),
  'gs-bank-cards': () => import('../bank/BankListScreen.element.tsx'),
  'gs-bank-add': () => import('../bank/BankCardForm.element.tsx'),
  'gs-bank-update': () => import('../bank/BankCardForm.element.tsx'),
  'gs-verify': () => import('../verify/VerifyScreen.element.tsx'),
  'gs-withdraw': () => import('../withdraw/WithdrawScreen.element.tsx'),
  'gs-dig': () => import('../dig/DigScreen.element.tsx'),
  'gs-add-machine': () => import('../dig/AddMachineScreen.element.tsx'),
  'gs-cart': () => import('../cart/CartScreen.element.tsx'),
  'gs-orders': () => import('../orders/OrderList.element.tsx'),
  'gs-order-payment': () => import('../orders/CheckPayment.element.tsx'),
};

$apiOrigin.set(new URL(import.meta.url).origin);

const requested = new Set<string>();

function loadPresentWidgets(): void {
  for (const [tag, load] of Object.entries(widgets)) {
    if (requested.has(tag) || document.querySelector(tag) === null) continue;
    requested.add(tag);
    load().catch((error: unknown) => {
      requested.delete(tag);
      console.error(`Widget ${tag} failed to load`, error);
    });
  }
}

loadPresentWidgets();
new MutationObserver(loadPresentWidgets).observe(document.documentElement, { childList: true, subtree: true });
