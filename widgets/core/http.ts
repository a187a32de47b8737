import { ApiFailure, requestTimeoutMs, type ApiCall, type Body, type Envelope, type Transport } from './api.ts';
import { $apiOrigin } from './api-origin.ts';

/**
 * What every request says about where it comes from. The original app's query (docs/original-app.md) names the page's host;
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

/** Calls straight over HTTP, with the browser's own fetch (decision 066 says why not wretch). */
export const directTransport: Transport = {
  async send<T>(call: ApiCall): Promise<Envelope<T>> {
    const response = await fetched(call, call.body === undefined ? undefined : formUrl(call.body));
    if (!response.ok) throw await httpFailure(response);
    try {
      return (await response.json()) as Envelope<T>;
    } catch (error) {
      throw noAnswer(error);
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

/**
 * A form-encoded body as the original app's clients send it: an array as its key repeated, an object as its JSON, anything
 * else as its text.
 */
function formUrl(body: Body): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body))
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value])
      form.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
  return form;
}

async function fetched(call: Omit<ApiCall, 'body'>, body?: FormData | URLSearchParams): Promise<Response> {
  try {
    const search = new URLSearchParams(query()).toString();
    const form = body instanceof URLSearchParams;
    // A path may carry a query of its own (a filtered download): the original app's parameters join it.
    return await fetch(`${url(call.path)}${call.path.includes('?') ? '&' : '?'}${search}`, {
      method: call.method,
      // A form's type as the original app's clients say it (the browser would add a charset).
      headers: form ? { ...headersOf(call), 'Content-Type': 'application/x-www-form-urlencoded' } : headersOf(call),
      body: form ? body.toString() : (body ?? null),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
  } catch (error) {
    throw noAnswer(error);
  }
}

/** A refusal: its status and the server's envelope. */
async function httpFailure(response: Response): Promise<ApiFailure> {
  const envelope = await readEnvelope(response);
  console.warn(`API ${response.status}: ${statusText(response.status)}`);
  return new ApiFailure(response.status, envelope?.message ?? statusText(response.status), envelope);
}

function noAnswer(error: unknown): ApiFailure {
  const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
  console.warn(timedOut ? 'API: timed out' : 'API: failed to connect');
  return new ApiFailure(0, timedOut ? 'timed out' : 'failed to connect', undefined, timedOut ? 'timeout' : 'network');
}

async function readEnvelope(response: Response): Promise<Envelope | undefined> {
  try {
    const value: unknown = await response.json();
    return typeof value === 'object' && value !== null && 'message' in value ? (value as Envelope) : undefined;
  } catch {
    return undefined;
  }
}

/** The original app logs statuses by these names. */
function statusText(status: number): string {
  if (status === 401) return 'no permission';
  if (status === 404) return 'not found';
  if (status === 500) return 'server error';
  if (status === 503) return 'service down';
  return 'connection error';
}
