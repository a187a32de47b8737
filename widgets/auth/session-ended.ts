import type { SessionNotice } from '../core/session-expiry.ts';
import { endedParam } from '../core/return-to.ts';

/**
 * Why the session ended, as the login page's query says (core/return-to.ts writes it); anything else is
 * nothing to say. Kept beside the login form, the only reader, so the core every widget loads stays small.
 */
export function endedBy(search: string): SessionNotice {
  const ended = new URLSearchParams(search).get(endedParam);
  return ended === 'expired' || ended === 'other_device' ? ended : null;
}
