import type { RefusalCode } from '../../contract/refusals.ts';
import { ApiFailure } from '../core/api.ts';
import { knownRefusalKey } from '../core/refusal.ts';

/**
 * The message key for each field a 422 names (`errors`). The server's per-field sentences are
 * English, so they are never shown: a field gets its refusal's own wording when the screen lists
 * that code (a refusal about one field, such as a daily quota below the minimum), otherwise the
 * general "check what you entered".
 */
export function fieldErrors(failure: unknown, known: readonly RefusalCode[] = []): Record<string, string> {
  const errors = failure instanceof ApiFailure ? failure.envelope?.errors : undefined;
  const found: Record<string, string> = {};
  if (errors === undefined || errors === null || typeof errors !== 'object') return found;
  const key = knownRefusalKey(failure, known, 'refusal_validation');
  for (const field of Object.keys(errors)) found[field] = key;
  return found;
}
