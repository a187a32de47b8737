import type { RefusalCode } from '../../contract/refusals.ts';
import { ApiFailure } from './api.ts';

/**
 * The server's reason for refusing a request, from the envelope's `error_code`; undefined when no
 * answer came. Screens branch and translate on this, never on the English `message`.
 */
export function refusalCode(failure: unknown): RefusalCode | undefined {
  const code = failure instanceof ApiFailure ? failure.envelope?.error_code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** The message key that words a refusal code in every locale. */
export const refusalKey = (code: RefusalCode): string => `refusal_${code}`;

/**
 * The key a screen shows for a refusal: the code's own wording when the screen lists the code
 * (in a `…Refusals` list, whose words the build gives its page or widget: decision 067), else the screen's fallback.
 */
export function knownRefusalKey(failure: unknown, known: readonly RefusalCode[], fallback: string): string {
  const code = refusalCode(failure);
  return code !== undefined && known.includes(code) ? refusalKey(code) : fallback;
}
