import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';

/**
 * Counts every answer and times it, by route pattern (never the raw URL: ids and tokens would make a
 * series each), and counts refusals by their `error_code`. Two hooks and a few additions per request:
 * no header or body changes, nothing read from the database.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  // Callback hooks, not async ones: no promise per request for work that never waits.
  app.addHook('preSerialization', (_request, reply, payload, done) => {
    if (reply.statusCode >= 400 && typeof payload === 'object' && payload !== null && 'error_code' in payload) {
      const code = (payload as { error_code: unknown }).error_code;
      if (typeof code === 'string') metrics.errors.inc({ code });
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    // Static files and pages are one pattern each (`/*`), so a crawler cannot grow the series.
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    metrics.requests.inc({ method, route, status: reply.statusCode });
    metrics.requestSeconds.observe({ method, route }, reply.elapsedTime / 1000);
    done();
  });
}
