import { atom, computed } from 'nanostores';
import type { RefusalCode } from '../../contract/refusals.ts';
import { $apiOrigin } from './api-origin.ts';
import { $token } from './session.ts';
import { handleUnauthorized } from './session-expiry.ts';

/** The seed's request time-out. */
export const requestTimeoutMs = 60_000;

/** The response envelope of the API contract. */
export interface Envelope<T = unknown> {
  status: 0 | 1;
  code: 0 | 1;
  message: string;
  detail: T;
  /** On a failure, the stable reason: what screens translate and branch on. */
  error_code?: RefusalCode;
  errors?: Record<string, string[]>;
  [extra: string]: unknown;
}

/** A request that did not succeed: the HTTP status (0 when no response came) and the server's envelope, if any. */
export class ApiFailure extends Error {
  override name = 'ApiFailure';
  readonly status: number;
  readonly envelope: Envelope | undefined;

  constructor(status: number, message: string, envelope?: Envelope) {
    super(message);
    this.status = status;
    this.envelope = envelope;
  }
}

/** Requests in flight; the loading indicator shows while it is above zero and always clears. */
export const $pending = atom(0);
export const $loading = /* @__PURE__ */ computed($pending, (pending) => pending > 0);

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Body = Record<string, unknown>;

export interface RequestOptions {
  /** Sent without the member's token (login, register): a 401 then says nothing about the session. */
  anonymous?: boolean;
  /** Another bearer token than the member's (the back office's operator token); its 401 leaves the member session alone. */
  token?: string;
  /** Extra request headers, such as the Idempotency-Key of a request that moves money. */
  headers?: Record<string, string>;
}

/**
 * Calls the API, resolving to the success envelope and rejecting with ApiFailure otherwise.
 * The HTTP client (wretch, http.ts) is fetched with the first request, not with the screens:
 * a visitor who only looks at a form never downloads it.
 */
export async function apiRequest<T>(method: Method, path: string, body?: Body, options: RequestOptions = {}): Promise<Envelope<T>> {
  $pending.set($pending.get() + 1);
  const token = options.anonymous === true ? '' : (options.token ?? $token.get());
  try {
    const { send } = await import('./http.ts');
    const envelope = await send<T>(method, `${$apiOrigin.get()}/api${path}`, token, body, options.headers);
    if (envelope.status !== 1 && envelope.code !== 1) throw new ApiFailure(200, envelope.message, envelope);
    return envelope;
  } catch (error) {
    const failure = error instanceof ApiFailure ? error : new ApiFailure(0, 'failed to connect');
    // Only a request that carried a token can find the session over.
    if (failure.status === 401 && token !== '' && options.token === undefined) handleUnauthorized(failure.envelope?.error_code);
    throw failure;
  } finally {
    $pending.set($pending.get() - 1);
  }
}
