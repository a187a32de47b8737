import { ApiFailure } from '../core/api.ts';

/**
 * What a refused request says: a 402 (a card the server rejects, e.g. the cardholder is not the
 * verified real name) carries the server's own sentence in `detail`, shown as it is (the seed).
 * Anything else is the screen's generic key.
 */
export function serverDetailText(failure: unknown): string | null {
  if (!(failure instanceof ApiFailure) || failure.status !== 402) return null;
  const detail = failure.envelope?.detail;
  if (typeof detail === 'string' && detail.trim() !== '') return detail;
  const message = failure.envelope?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** The server's per-field messages of a 422 (`errors`), first message of each field. */
export function fieldErrors(failure: unknown): Record<string, string> {
  const errors = failure instanceof ApiFailure ? failure.envelope?.errors : undefined;
  const found: Record<string, string> = {};
  if (errors === undefined || errors === null || typeof errors !== 'object') return found;
  for (const [field, messages] of Object.entries(errors)) {
    const first = Array.isArray(messages) ? messages[0] : undefined;
    if (typeof first === 'string') found[field] = first;
  }
  return found;
}
