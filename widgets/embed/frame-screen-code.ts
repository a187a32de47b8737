import type { ComponentType } from 'react';
import type { FrameScreen } from '../../contract/frame-screens.ts';

/** The screens a frame shows: each has a secret the partner's page must never see, or a power it must never have. */
export type FormScreen = Exclude<FrameScreen, 'session'>;

/**
 * Each screen's code, fetched only by the frame that shows it. The frame's script asks for it at once with the
 * frame's own code, the screen's words and its style sheet (frame.ts), each with everything it imports announced
 * (rollup.config.ts), so none of it is found late. Literal paths, as the bundler needs; frame-screen-modules.ts
 * names the same modules for the word lists and the byte budgets.
 */
export const formScreens: Record<FormScreen, () => Promise<ComponentType>> = {
  login: () => import('../auth/LoginForm.tsx').then((module) => module.LoginForm),
  register: () => import('../auth/RegisterForm.tsx').then((module) => module.RegisterForm),
  'edit-user': () => import('../settings/AccountSettings.tsx').then((module) => module.AccountSettings),
  'bank-cards': () => import('../bank/BankListScreen.tsx').then((module) => module.BankListScreen),
  'bank-add': () => import('../bank/BankCardForm.tsx').then((module) => module.AddCardForm),
  'bank-update': () => import('../bank/BankCardForm.tsx').then((module) => module.UpdateCardForm),
  verify: () => import('../verify/VerifyScreen.tsx').then((module) => module.VerifyScreen),
  withdraw: () => import('../withdraw/WithdrawScreen.tsx').then((module) => module.WithdrawScreen),
};
