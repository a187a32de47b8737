import type { FrameScreen } from '../../contract/frame-screens.ts';

/**
 * The module (under widgets/) each framed screen's code comes from. `frame-screen-code.ts` imports them by
 * literal paths, as the bundler needs; the frames' word lists and byte budgets read this list, and
 * `frame-screen-modules.test.ts` holds the two to each other.
 */
export const frameScreenModules = {
  login: 'auth/LoginForm.tsx',
  register: 'auth/RegisterForm.tsx',
  'edit-user': 'settings/AccountSettings.tsx',
  'bank-cards': 'bank/BankListScreen.tsx',
  'bank-add': 'bank/BankCardForm.tsx',
  'bank-update': 'bank/BankCardForm.tsx',
  verify: 'verify/VerifyScreen.tsx',
  withdraw: 'withdraw/WithdrawScreen.tsx',
} as const satisfies Record<Exclude<FrameScreen, 'session'>, string>;
