import { ApiFailure } from './api.ts';

/**
 * The message key for a request that got no answer, or undefined when the server did answer. A module of
 * its own so that only the screens that word a dead network carry its two messages (decision 067).
 */
export function noAnswerKey(failure: unknown): 'error_network' | 'error_timeout' | undefined {
  if (!(failure instanceof ApiFailure) || failure.noAnswer === undefined) return undefined;
  return failure.noAnswer === 'timeout' ? 'error_timeout' : 'error_network';
}
