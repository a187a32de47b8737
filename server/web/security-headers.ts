import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { inlineScriptHashes } from '../site/inline-scripts.ts';

/** HSTS for a year once a browser has reached us over TLS. */
const hstsMaxAgeSeconds = 31_536_000;

/** API answers are data, never a document: they may load nothing and be framed by no one. */
const apiPolicy = {
  defaultSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
};

/**
 * The policy of the built site, the back office and the widget demo page. Scripts come only
 * from this origin or are inline scripts of the build, allowed by their hash (no
 * 'unsafe-inline'). Styles may be inline: components set style attributes and Leaflet
 * positions its tiles with them. Images may come from any https host: the map's tile server is
 * brand content an operator changes without touching the server.
 */
function sitePolicy(scriptHashes: string[]) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...scriptHashes],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * The Content-Security-Policy header of the pages built into these folders. Each published version
 * of the site has its own, since its inline scripts are hashed (decision 022).
 */
export function sitePolicyHeader(builtFolders: string[]): string {
  return Object.entries(sitePolicy(inlineScriptHashes(builtFolders)))
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${values.join(' ')}`)
    .join('; ');
}

/** Every answer's headers but the frames' (helmet's defaults besides these). */
const answerOptions: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: apiPolicy },
  hsts: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'deny' },
  // Partner pages load the widget bundles from another site; the static route opens them up.
  crossOriginResourcePolicy: { policy: 'same-origin' },
};

/**
 * Our frames on partner pages (server/web/session-frame.ts): framing is their point, so their own
 * CSP's frame-ancestors names who may (no X-Frame-Options), and they set their own referrer policy.
 */
const frameOptions: HelmetOptions = {
  ...answerOptions,
  frameguard: false,
  contentSecurityPolicy: false,
  referrerPolicy: false,
  crossOriginResourcePolicy: { policy: 'cross-origin' },
};

/**
 * The headers helmet sets for a configuration, worked out once. Its middleware reads nothing of
 * the request for these options, so every answer gets the same headers; @fastify/helmet built the
 * middleware again (parsing the policy) on every request, about 4 % of the server's time on a
 * transfer (decision 038).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers on every answer, helmet's: a Content-Security-Policy (the site's for pages, a
 * closed one for the API), X-Content-Type-Options, Referrer-Policy, X-Frame-Options; HSTS only
 * over TLS (behind a load balancer, with TRUST_PROXY and X-Forwarded-Proto), since sending it over
 * plain HTTP means nothing and can lock out a local deployment. API answers are never stored by a
 * cache: most carry private data or a token. A route marks itself `config: { securityHeaders:
 * 'frame' }` to be framed by partner pages.
 */
export async function registerSecurityHeaders(app: FastifyInstance, builtFolders: string[]): Promise<void> {
  const answerHeaders = helmetHeaders(answerOptions);
  const frameHeaders = helmetHeaders(frameOptions);
  const hsts = `max-age=${hstsMaxAgeSeconds}; includeSubDomains`;
  // Set as the request comes in, in one callback hook: headers set here stay through any error or
  // refusal later (Fastify keeps them), and a hook that returns no promise costs no extra turn of
  // the event loop on every request (issue 39). A route that sets its own Cache-Control replaces ours.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config.securityHeaders === 'frame' ? frameHeaders : answerHeaders);
    if (request.protocol === 'https') reply.header('strict-transport-security', hsts);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
  app.decorate('sitePolicy', sitePolicyHeader(builtFolders));
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'frame': a page our frames show inside partner pages (see frameOptions). */
    securityHeaders?: 'frame';
  }
  interface FastifyInstance {
    /** The Content-Security-Policy header of the pages built with the product (see registerSecurityHeaders). */
    sitePolicy: string;
  }
}
