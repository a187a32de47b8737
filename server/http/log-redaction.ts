import type { FastifyError, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/** What stands in the log for a query value or a removed field. */
export const redactedMark = '[redacted]';

/**
 * A path followed by a query string, wherever it sits in a text: a request line, an error message
 * that quotes the URL. The query ends at white space or a quote.
 */
const pathWithQuery = /((?:^|[\s'"(:])\/[^\s'"?#]*)\?([^\s'"#]*)/g;

/**
 * Every value of a query string replaced, its names kept: `/api/admin/v1/members?q=[redacted]`.
 * Operators search members by phone, name and e-mail, and a query may hold anything a client chose:
 * the log keeps which route was asked with which parameters, never what was asked for (decision 043).
 */
export function redactQuery(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  return `${url.slice(0, start)}?${redactedPairs(url.slice(start + 1))}`;
}

function redactedPairs(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair === '' ? '' : `${pair}=${redactedMark}`;
      return `${pair.slice(0, equals)}=${redactedMark}`;
    })
    .join('&');
}

/** Every query string quoted in a text, redacted (error messages quote the URL they refused). */
export function redactQueriesIn(text: string): string {
  return text.replace(pathWithQuery, (_match, path: string, query: string) => `${path}?${redactedPairs(query)}`);
}

/** The request as Fastify logs it, with the query's values redacted. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    ...(request.socket.remotePort === undefined ? {} : { remotePort: request.socket.remotePort }),
  };
}

/**
 * An error as logged: its kind, code, message and stack, URLs in them redacted. What drivers add
 * beside (PostgreSQL's `detail` quotes the row's values: an e-mail address, a phone number) is left out.
 */
function errorForLog(error: FastifyError) {
  const { code, statusCode, constraint } = error as { code?: unknown; statusCode?: unknown; constraint?: unknown };
  return {
    type: error.name,
    message: redactQueriesIn(String(error.message)),
    stack: redactQueriesIn(error.stack ?? ''),
    ...(code === undefined ? {} : { code }),
    ...(statusCode === undefined ? {} : { statusCode }),
    ...(constraint === undefined ? {} : { constraint }),
  };
}

/** What stands in the log for a header that holds a credential (pino's own redaction mark). */
export const credentialMark = '[Redacted]';
const credentialHeaders = ['authorization', 'cookie'];

function holdsCredential(headers: unknown): headers is Record<string, unknown> {
  return typeof headers === 'object' && headers !== null && credentialHeaders.some((name) => name in headers);
}

/** Fields written through a serializer of ours or Fastify's, none of which writes headers. */
const serializedFields = new Set(['req', 'res', 'err']);

/**
 * A logged object with the credentials of any headers one level down (`{ busboyOptions: { headers } }`,
 * the upload parser's own copy at trace) replaced by the mark. Only headers the line would write are
 * looked at: a field's own `headers` (a request's are read through its class, which JSON leaves out),
 * not those of a field a serializer writes. Nearly every line holds none and is passed on as it is:
 * pino's wildcard redaction cloned and stringified every field of every line for them, about 5 µs of
 * server CPU per request at two lines a request (issue 39).
 */
export function withoutCredentials(logged: Record<string, unknown>): Record<string, unknown> {
  let redacted: Record<string, unknown> | undefined;
  for (const key of Object.keys(logged)) {
    const value = logged[key];
    if (serializedFields.has(key) || typeof value !== 'object' || value === null || !Object.hasOwn(value, 'headers')) continue;
    const { headers } = value as { headers: unknown };
    if (!holdsCredential(headers)) continue;
    const censored = { ...headers };
    for (const name of credentialHeaders) if (name in censored) censored[name] = credentialMark;
    redacted ??= { ...logged };
    redacted[key] = { ...value, headers: censored };
  }
  return redacted ?? logged;
}

/**
 * The server's log settings: a level, headers that hold credentials removed, URLs without their
 * queries' values; written to `stream` where one is given (log-destination.ts), else to stdout.
 */
export function serverLogOptions(level: string, stream?: DestinationStream): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    ...(stream === undefined ? {} : { stream }),
    // Any logged headers, not only the request's: at trace level the upload parser logs its own copy.
    formatters: { log: withoutCredentials },
    serializers: { req: requestForLog, err: errorForLog },
    // Messages written as text (Fastify's "Route GET:/… not found") quote the URL too.
    hooks: {
      logMethod(args, method) {
        // Two lines are logged per request: most carry no query, and are passed on as they are.
        const quotesQuery = args.some((arg) => typeof arg === 'string' && arg.includes('?'));
        const redacted = quotesQuery ? args.map((arg) => (typeof arg === 'string' ? redactQueriesIn(arg) : arg)) : args;
        method.apply(this, redacted as Parameters<typeof method>);
      },
    },
  };
}
