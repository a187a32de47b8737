import type { FrameScreen } from '../../contract/frame-screens.ts';

/**
 * Each framed screen's title, which names the frame to assistive technology on the page and heads
 * the frame's own document.
 */
export const frameTitleKeys = {
  login: 'login_title',
  register: 'register_title',
  'edit-user': 'edit_title',
  'bank-cards': 'bank_title',
  'bank-add': 'bank_add',
  'bank-update': 'bank_edit_title',
  verify: 'verify_title',
  withdraw: 'wallet_withdraw_title',
} as const satisfies Record<Exclude<FrameScreen, 'session'>, string>;

/** The screens a frame shows on the session frame's session, whose calls it makes over a channel the session frame hands it. */
export const worksOnSession = (screen: string): boolean => screen in frameTitleKeys && screen !== 'login' && screen !== 'register';

/** The name of a framed screen's own catalogue, beside the widgets' (m/<folder>/<name>.<locale>.js). */
export const frameCatalogue = (screen: string): string => `frame-${screen}`;
