import wretch from 'wretch';
import FormUrlAddon from 'wretch/addons/formUrl';
import QueryStringAddon from 'wretch/addons/queryString';
import { ApiFailure, requestTimeoutMs, type Body, type Envelope, type Method } from './api.ts';

/** One request through wretch: the envelope of a 2xx answer, an ApiFailure for anything else. */
export async function send<T>(
  method: Method,
  url: string,
  token: string,
  body: Body | undefined,
  headers: Record<string, string> = {},
): Promise<Envelope<T>> {
  try {
    const request = wretch(url)
      .addon(QueryStringAddon)
      .addon(FormUrlAddon)
      .query({ mode: 'web', domain: typeof location === 'undefined' ? '' : location.hostname, device: 'mobile' })
      .headers(token === '' ? headers : { ...headers, Authorization: `Bearer ${token}` })
      .options({ signal: AbortSignal.timeout(requestTimeoutMs) });
    return await (body === undefined ? request : request.formUrl(body)).fetch(method).json<Envelope<T>>();
  } catch (error) {
    throw await toFailure(error);
  }
}

async function toFailure(error: unknown): Promise<ApiFailure> {
  if (isHttpError(error)) {
    const envelope = await readEnvelope(error.response);
    console.warn(`API ${error.status}: ${statusText(error.status)}`);
    return new ApiFailure(error.status, envelope?.message ?? statusText(error.status), envelope);
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
