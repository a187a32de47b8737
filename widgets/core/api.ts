import wretch from 'wretch';
import FormUrlAddon from 'wretch/addons/formUrl';
import QueryStringAddon from 'wretch/addons/queryString';
import { atom, computed } from 'nanostores';
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
export const $loading = computed($pending, (pending) => pending > 0);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Body = Record<string, unknown>;

/** Calls the API, resolving to the success envelope and rejecting with ApiFailure otherwise. */
export async function apiRequest<T>(method: Method, path: string, body?: Body): Promise<Envelope<T>> {
  $pending.set($pending.get() + 1);
  try {
    const token = $token.get();
    const request = wretch(`${$apiOrigin.get()}/api${path}`)
      .addon(QueryStringAddon)
      .addon(FormUrlAddon)
      .query({ mode: 'web', domain: typeof location === 'undefined' ? '' : location.hostname, device: 'mobile' })
      .headers(token === '' ? {} : { Authorization: `Bearer ${token}` })
      .options({ signal: AbortSignal.timeout(requestTimeoutMs) });
    const envelope = await (body === undefined ? request : request.formUrl(body)).fetch(method).json<Envelope<T>>();
    if (envelope.status !== 1 && envelope.code !== 1) throw new ApiFailure(200, envelope.message, envelope);
    return envelope;
  } catch (error) {
    throw await toFailure(error);
  } finally {
    $pending.set($pending.get() - 1);
  }
}

async function toFailure(error: unknown): Promise<ApiFailure> {
  if (error instanceof ApiFailure) return error;
  if (isHttpError(error)) {
    const envelope = await readEnvelope(error.response);
    const failure = new ApiFailure(error.status, envelope?.message ?? statusText(error.status), envelope);
    if (error.status === 401) handleUnauthorized(failure.message);
    console.warn(`API ${error.status}: ${statusText(error.status)}`);
    return failure;
  }
  console.warn('API: failed to connect');
  return new ApiFailure(0, 'failed to connect');
}

/** wretch rejects a non-2xx answer with an error carrying the status and the response. */
function isHttpError(error: unknown): error is { status: number; response: Response } {
  return typeof error === 'object' && error !== null && 'status' in error && 'response' in error && error.response instanceof Response;
}

async function readEnvelope(response: Response): Promise<Envelope | undefined> {
  try {
    const value: unknown = await response.json();
    return typeof value === 'object' && value !== null && 'message' in value ? (value as Envelope) : undefined;
  } catch {
    return undefined;
  }
}

/** The seed logs statuses by these names. */
function statusText(status: number): string {
  if (status === 401) return 'no permission';
  if (status === 404) return 'not found';
  if (status === 500) return 'server error';
  if (status === 503) return 'service down';
  return 'connection error';
}
