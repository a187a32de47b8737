import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyRequest } from 'fastify';
import { isAllowedOrigin } from '../partner-sites/partner-origin.ts';
import { framePath } from '../../contract/frame-screens.ts';

/** How long a browser may keep a preflight's answer. */
const preflightMaxAgeSeconds = 600;

/** Every method the widgets use, PUT and DELETE included (password, profile, cards, order edits). */
const apiMethods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];
/** The headers the widgets and the session frame send. */
const apiHeaders = ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Partner-Origin'];

/**
 * CORS per request (decision 017). The widget bundles are public code that partner pages load with
 * `<script type="module">`, a CORS fetch: any origin may read them. Everything else answers only our
 * own origin and the enabled partner sites of the directory, which changes without a restart; any
 * other origin, a disabled one included, gets no CORS headers at all, so its browser refuses the
 * answer and its preflight. The session frame is a page, not a resource to read across origins.
 */
export function corsOptionsFor(request: FastifyRequest): FastifyCorsOptions {
  const pathname = request.url.split('?')[0] ?? '';
  if (pathname.startsWith('/widgets/') && pathname !== framePath) {
    return { origin: '*', methods: ['GET', 'HEAD'], maxAge: preflightMaxAgeSeconds };
  }
  const { origin } = request.headers;
  return {
    origin: origin !== undefined && isAllowedOrigin(request, origin) ? origin : false,
    methods: apiMethods,
    allowedHeaders: apiHeaders,
    maxAge: preflightMaxAgeSeconds,
  };
}
