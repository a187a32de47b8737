import { ApiFailure } from '../core/api.ts';

/** What an operator reads after an action: the server's own message when it refused. */
export function decisionError(error: unknown, fallback: string): string {
  return error instanceof ApiFailure && error.envelope?.message !== undefined && error.status !== 0 ? error.envelope.message : fallback;
}
