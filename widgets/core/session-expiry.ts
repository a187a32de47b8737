import { atom } from 'nanostores';
import { endSession } from './session.ts';

/** Why the session ended without the member asking: shown, then the member is sent to login. */
export type SessionNotice = 'expired' | 'other_device' | null;
export const $sessionNotice = atom<SessionNotice>(null);

/** The server's message for a token revoked by a newer login (API contract). */
const otherDeviceMessage = 'Logged in on another device';

/** Called for every 401: the session is over, and the member is told why. */
export function handleUnauthorized(message: string): void {
  $sessionNotice.set(message === otherDeviceMessage ? 'other_device' : 'expired');
  endSession();
}
