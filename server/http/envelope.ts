import type { RefusalCode } from '../../contract/refusals.ts';

/**
 * The response envelope of the API contract: `status` and `code` are both 1 on success and
 * both 0 on failure, because the original app's screens read one or the other
 * (docs/original-app.md). A failure adds
 * `error_code`, the stable reason clients translate by (decision 015).
 */
export interface Envelope<T> {
  status: 0 | 1;
  code: 0 | 1;
  message: string;
  detail: T;
  error_code?: RefusalCode;
  errors?: Record<string, string[]>;
}

/** A success envelope: its literal 1s let a route's response schema check the handler's answer. */
export interface Success<T> extends Envelope<T> {
  status: 1;
  code: 1;
}

export function success<T>(detail: T, message = 'success'): Success<T> {
  return { status: 1, code: 1, message, detail };
}

export function failure(
  errorCode: RefusalCode,
  message: string,
  detail: unknown = null,
  errors?: Record<string, string[]>,
): Envelope<unknown> {
  const envelope: Envelope<unknown> = { status: 0, code: 0, message, detail, error_code: errorCode };
  return errors === undefined ? envelope : { ...envelope, errors };
}
