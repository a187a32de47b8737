import { atom } from 'nanostores';
import type { RefusalCode } from '../../contract/refusals.ts';
import { endSession } from './session.ts';

/** Why the session ended without the member asking: shown, then the member is sent to login. */
export type SessionNotice = 'expired' | 'other_device' | null;
export const $sessionNotice = atom<SessionNotice>(null);

/** Called for every 401 with the refusal's code: the session is over, and the member is told why. */
export function handleUnauthorized(code: RefusalCode | undefined): void {
  $sessionNotice.set(code === 'session_other_device' ? 'other_device' : 'expired');
  endSession();
}
