import { embeddedRequireLoginMessageKeys } from '../auth/RequireLogin.tsx';
import { cartScreenMessageKeys } from '../cart/CartScreen.tsx';
import { addMachineMessageKeys } from '../dig/AddMachineScreen.tsx';
import { digScreenMessageKeys } from '../dig/DigScreen.tsx';
import { languagePickerMessageKeys } from '../language/LanguagePicker.tsx';
import { notificationBellMessageKeys } from '../notifications/NotificationBell.tsx';
import { checkPaymentMessageKeys } from '../orders/CheckPayment.tsx';
import { orderListMessageKeys } from '../orders/OrderList.tsx';
import type { screenElements } from '../screens/registry.ts';
import { sessionBadgeMessageKeys } from '../session-badge/SessionBadge.tsx';
import { settingScreenMessageKeys } from '../settings/SettingScreen.tsx';
import { sessionWatcherMessageKeys } from '../ui/SessionWatcher.tsx';
import { statementScreenMessageKeys } from '../wallet/StatementScreen.tsx';
import { transactionsScreenMessageKeys } from '../wallet/TransactionsScreen.tsx';
import { walletScreenMessageKeys } from '../wallet/WalletScreen.tsx';
import { loginFormMessageKeys } from '../auth/LoginForm.tsx';
import { registerFormMessageKeys } from '../auth/RegisterForm.tsx';
import { bankCardFormMessageKeys } from '../bank/BankCardForm.tsx';
import { bankListScreenMessageKeys } from '../bank/BankListScreen.tsx';
import { accountSettingsMessageKeys } from '../settings/AccountSettings.tsx';
import { pagerMessageKeys } from '../ui/Pager.tsx';
import { verifyScreenMessageKeys } from '../verify/VerifyScreen.tsx';
import { withdrawScreenMessageKeys } from '../withdraw/WithdrawScreen.tsx';
import type { FrameScreen } from '../../contract/frame-screens.ts';
import { frameCatalogue, frameScreenMessageKeys, frameTitleKeys } from './frame-titles.ts';

/** What the widget runtime itself says: loading, and a service it cannot reach or that refuses this page. */
export const widgetRuntimeMessageKeys = ['loading', 'embed_unreachable', 'embed_refused', 'embed_retry'] as const;

/**
 * The messages each widget shows, the same lists our pages give the same screens. The build
 * (rollup.config.ts) writes one small catalogue per widget and language from these, so a widget
 * fetches a few hundred bytes of words rather than the whole catalogue.
 */
export const widgetMessageKeys: Record<keyof typeof screenElements, readonly string[]> = {
  'gs-session-badge': sessionBadgeMessageKeys,
  'gs-notifications': [...embeddedRequireLoginMessageKeys, ...notificationBellMessageKeys],
  'gs-language-picker': languagePickerMessageKeys,
  // The framed screens run on our origin, with their own messages; here only the frame's title.
  'gs-login': [frameTitleKeys.login],
  'gs-register': [frameTitleKeys.register],
  'gs-setting': settingScreenMessageKeys,
  'gs-edit-user': [frameTitleKeys['edit-user']],
  'gs-wallet': [...embeddedRequireLoginMessageKeys, ...walletScreenMessageKeys],
  'gs-wallet-transactions': [...embeddedRequireLoginMessageKeys, ...transactionsScreenMessageKeys],
  'gs-wallet-statement': [...embeddedRequireLoginMessageKeys, ...statementScreenMessageKeys],
  'gs-bank-cards': [frameTitleKeys['bank-cards']],
  'gs-bank-add': [frameTitleKeys['bank-add']],
  'gs-bank-update': [frameTitleKeys['bank-update']],
  'gs-verify': [frameTitleKeys.verify],
  'gs-withdraw': [frameTitleKeys.withdraw],
  'gs-dig': [...embeddedRequireLoginMessageKeys, ...digScreenMessageKeys],
  'gs-add-machine': [...embeddedRequireLoginMessageKeys, ...addMachineMessageKeys],
  'gs-cart': [...embeddedRequireLoginMessageKeys, ...cartScreenMessageKeys],
  'gs-orders': [...embeddedRequireLoginMessageKeys, ...orderListMessageKeys],
  'gs-order-payment': [...embeddedRequireLoginMessageKeys, ...checkPaymentMessageKeys],
};

/** A widget's whole list: its screen's, the runtime's and the session notice's. */
export function messageKeysOf(tag: keyof typeof screenElements): string[] {
  return [...new Set([...widgetMessageKeys[tag], ...widgetRuntimeMessageKeys, ...sessionWatcherMessageKeys])];
}

type FramedScreen = Exclude<FrameScreen, 'session'>;

/** The words each framed screen shows inside its frame on our origin (embed/frame-screens.tsx), the lists our pages give it. */
export const frameMessageKeys: Record<FramedScreen, readonly string[]> = {
  login: loginFormMessageKeys,
  register: registerFormMessageKeys,
  'edit-user': [...embeddedRequireLoginMessageKeys, ...accountSettingsMessageKeys],
  'bank-cards': [...embeddedRequireLoginMessageKeys, ...bankListScreenMessageKeys],
  'bank-add': [...embeddedRequireLoginMessageKeys, ...bankCardFormMessageKeys],
  'bank-update': [...embeddedRequireLoginMessageKeys, ...bankCardFormMessageKeys],
  verify: [...embeddedRequireLoginMessageKeys, ...verifyScreenMessageKeys],
  withdraw: [...embeddedRequireLoginMessageKeys, ...withdrawScreenMessageKeys, ...pagerMessageKeys],
};

/** A framed screen's whole list: its screen's, its title and what the frame says around it. */
export function frameMessageKeysOf(screen: FramedScreen): string[] {
  return [...new Set([...frameMessageKeys[screen], frameTitleKeys[screen], ...frameScreenMessageKeys])];
}

/** Every catalogue the build writes per language: one per widget and one per framed screen, by file name. */
export function catalogueKeys(): Record<string, string[]> {
  const widgets = Object.keys(widgetMessageKeys).map((tag) => [tag, messageKeysOf(tag as keyof typeof screenElements)] as const);
  const frames = (Object.keys(frameMessageKeys) as FramedScreen[]).map(
    (screen) => [frameCatalogue(screen), frameMessageKeysOf(screen)] as const,
  );
  return Object.fromEntries([...widgets, ...frames]);
}
