import type { RefusalCode } from '../../contract/refusals.ts';
import { partnerBundle } from './page-mode.ts';
import { $token } from './session.ts';
import { handleUnauthorized } from './session-expiry.ts';

/** The original app's request time-out. */
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

/** Why no answer came: the network failed, or the answer took longer than the time-out. */
export type NoAnswer = 'network' | 'timeout';

/** A request that did not succeed: the HTTP status (0 when no response came) and the server's envelope, if any. */
export class ApiFailure extends Error {
  override name = 'ApiFailure';
  // Declared, not defined: the constructor sets them, and every widget loads this class.
  declare readonly status: number;
  declare readonly envelope: Envelope | undefined;
  /** Set when no answer came (status 0), so a screen can tell a dead network from a refusal. */
  declare readonly noAnswer: NoAnswer | undefined;

  constructor(status: number, message: string, envelope?: Envelope, noAnswer?: NoAnswer) {
    super(message);
    this.status = status;
    this.envelope = envelope;
    this.noAnswer = status === 0 ? (noAnswer ?? 'network') : undefined;
  }
}

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

/** One call as a transport carries it: the path under /api, with the member's token when there is one. */
export interface ApiCall {
  method: Method;
  path: string;
  token: string;
  body?: Body | undefined;
  headers?: Record<string, string> | undefined;
}

/**
 * How calls reach the API. On the storefront's pages, straight over HTTP (http.ts, loaded with
 * the first request). On a partner's page, through our session frame (embed/bridge.ts), which
 * holds the token on our origin and makes the call there.
 */
export interface Transport {
  send<T>(call: ApiCall): Promise<Envelope<T>>;
  /** A multipart upload of one file in the named field. */
  upload<T>(call: Omit<ApiCall, 'body'>, field: string, file: File): Promise<Envelope<T>>;
  /** A file the member downloads (the statement CSV). */
  download(call: Omit<ApiCall, 'body'>): Promise<Blob>;
}

let chosenTransport: Transport | undefined;

/** Replaces the direct HTTP transport (the widget runtime does, on a partner's page). */
export function useTransport(transport: Transport): void {
  chosenTransport = transport;
}

async function transport(): Promise<Transport> {
  if (chosenTransport !== undefined) return chosenTransport;
  // A partner's page calls only through the session frame, set before any screen renders: its bundle has no HTTP client.
  if (partnerBundle) throw new ApiFailure(0, 'failed to connect');
  return (await import('./http.ts')).directTransport;
}

/**
 * Calls the API, resolving to the success envelope and rejecting with ApiFailure otherwise.
 * The HTTP client (wretch, http.ts) is fetched with the first request, not with the screens:
 * a visitor who only looks at a form never downloads it.
 */
export async function apiRequest<T>(method: Method, path: string, body?: Body, options: RequestOptions = {}): Promise<Envelope<T>> {
  return withSession(options, async (token) => {
    const envelope = await (await transport()).send<T>({ method, path, token, body, headers: options.headers });
    if (envelope.status !== 1 && envelope.code !== 1) throw new ApiFailure(200, envelope.message, envelope);
    return envelope;
  });
}

/**
 * Hands the transport to a call with the member's token, with the same 401 handling: for the calls
 * only some screens make (files.ts), which are kept out of the core every widget loads.
 */
export async function withTransport<R>(call: (transport: Transport, token: string) => Promise<R>): Promise<R> {
  return withSession({}, async (token) => call(await transport(), token));
}

/** Makes a call with the member's token (or the one the options name); a 401 on it ends the session. */
async function withSession<R>(options: RequestOptions, call: (token: string) => Promise<R>): Promise<R> {
  const token = options.anonymous === true ? '' : (options.token ?? $token.get());
  try {
    return await call(token);
  } catch (error) {
    const failure = error instanceof ApiFailure ? error : new ApiFailure(0, 'failed to connect');
    // Only a request that carried a token can find the session over.
    if (failure.status === 401 && token !== '' && options.token === undefined) handleUnauthorized(failure.envelope?.error_code);
    throw failure;
  }
}
