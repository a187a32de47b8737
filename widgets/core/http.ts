import wretch from 'wretch';
import FormUrlAddon from 'wretch/addons/formUrl';
import QueryStringAddon from 'wretch/addons/queryString';
import { ApiFailure, requestTimeoutMs, type ApiCall, type Envelope, type Transport } from './api.ts';
import { $apiOrigin } from './api-origin.ts';

/**
 * What every request says about where it comes from. The seed's query names the page's host;
 * our session frame on a partner's page names the partner's host instead, and adds its header.
 */
const context = { domain: '', headers: {} as Record<string, string> };

export function setRequestContext(domain: string, headers: Record<string, string>): void {
  context.domain = domain;
  context.headers = headers;
}

function query(): Record<string, string> {
  const domain = context.domain || (typeof location === 'undefined' ? '' : location.hostname);
  return { mode: 'web', domain, device: 'mobile' };
}

function headersOf(call: Omit<ApiCall, 'body'>): Record<string, string> {
  const headers = { ...context.headers, ...call.headers };
  return call.token === '' ? headers : { ...headers, Authorization: `Bearer ${call.token}` };
}

const url = (path: string) => `${$apiOrigin.get()}/api${path}`;

/** Calls straight over HTTP: wretch for form-encoded calls, fetch for files. */
export const directTransport: Transport = {
  async send<T>(call: ApiCall): Promise<Envelope<T>> {
    try {
      const request = wretch(url(call.path))
        .addon(QueryStringAddon)
        .addon(FormUrlAddon)
        .query(query())
        .headers(headersOf(call))
        .options({ signal: AbortSignal.timeout(requestTimeoutMs) });
      return await (call.body === undefined ? request : request.formUrl(call.body)).fetch(call.method).json<Envelope<T>>();
    } catch (error) {
      throw await toFailure(error);
    }
  },

  async upload<T>(call: Omit<ApiCall, 'body'>, field: string, file: File): Promise<Envelope<T>> {
    const body = new FormData();
    body.append(field, file);
    const response = await fetched(call, body);
    const envelope = await readEnvelope(response);
    if (!response.ok || envelope === undefined || (envelope.status !== 1 && envelope.code !== 1)) {
      throw new ApiFailure(response.status, envelope?.message ?? 'upload failed', envelope);
    }
    return envelope as Envelope<T>;
  },

  async download(call: Omit<ApiCall, 'body'>): Promise<Blob> {
    const response = await fetched(call);
    if (!response.ok) throw new ApiFailure(response.status, statusText(response.status), await readEnvelope(response));
    return response.blob();
  },
};

async function fetched(call: Omit<ApiCall, 'body'>, body?: FormData): Promise<Response> {
  try {
    const search = new URLSearchParams(query()).toString();
    // A path may carry a query of its own (a filtered download): the seed's parameters join it.
    return await fetch(`${url(call.path)}${call.path.includes('?') ? '&' : '?'}${search}`, {
      method: call.method,
      headers: headersOf(call),
      body: body ?? null,
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
  } catch (error) {
    throw noAnswer(error);
  }
}

async function toFailure(error: unknown): Promise<ApiFailure> {
  if (isHttpError(error)) {
    const envelope = await readEnvelope(error.response);
    console.warn(`API ${error.status}: ${statusText(error.status)}`);
    return new ApiFailure(error.status, envelope?.message ?? statusText(error.status), envelope);
  }
  return noAnswer(error);
}

function noAnswer(error: unknown): ApiFailure {
  const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
  console.warn(timedOut ? 'API: timed out' : 'API: failed to connect');
  return new ApiFailure(0, timedOut ? 'timed out' : 'failed to connect', undefined, timedOut ? 'timeout' : 'network');
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
