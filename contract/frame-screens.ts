/**
 * What our frame on a partner's page shows (/widgets/v1/frame?screen=…): the invisible session
 * keeper, or a screen whose secrets or powers must stay on our origin (decision 054): login,
 * registration, the password and contact change, the bank cards, identity verification and the
 * withdrawal. The server serves only these; the frame's script shows the one it was served for.
 */
/** The one address of those frames; the server serves it, our frames keep their cookies under it. */
export const framePath = '/widgets/v1/frame';

export const frameScreens = [
  'session',
  'login',
  'register',
  'edit-user',
  'bank-cards',
  'bank-add',
  'bank-update',
  'verify',
  'withdraw',
] as const;
export type FrameScreen = (typeof frameScreens)[number];
