/**
 * The response envelope of the API contract: `status` and `code` are both 1 on success and
 * both 0 on failure, because the seed's screens read one or the other.
 */
export interface Envelope<T> {
  status: 0 | 1;
  code: 0 | 1;
  message: string;
  detail: T;
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

export function failure(message: string, detail: unknown = null, errors?: Record<string, string[]>): Envelope<unknown> {
  return errors === undefined ? { status: 0, code: 0, message, detail } : { status: 0, code: 0, message, detail, errors };
}
