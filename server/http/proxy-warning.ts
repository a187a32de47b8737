import type { FastifyInstance } from 'fastify';

/**
 * Behind a load balancer without TRUST_PROXY, every request seems to come from the balancer:
 * per-address limits then count all members together, and one flood locks everyone out.
 * A request carrying X-Forwarded-For is the sign; say so once in the log.
 */
export function warnOfUntrustedProxy(app: FastifyInstance): void {
  if (app.config.trustProxy !== false) return;
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return done();
    warned = true;
    request.log.warn(
      'requests carry X-Forwarded-For but TRUST_PROXY is off: behind a load balancer, set TRUST_PROXY to the number of proxies in front of the server (1 for one balancer) or to their addresses, so limits count each client, not the balancer',
    );
    done();
  });
}
