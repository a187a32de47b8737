import type { FastifyInstance } from 'fastify';
import { ApiError } from '../shared/errors.ts';
import { partnerOriginHeader } from './partner-origin.ts';

/**
 * How old the list of disabled sites may be when a request through one is answered: disabling a
 * site must end its open pages' access within 10 seconds on every process (issue 34), even while
 * that process hears no notification.
 */
export const disabledSiteListMaxAgeMs = 5_000;

export const disabledSiteMessage = 'This site is not allowed to embed the member widgets';

/**
 * Refuses every API request our session frame makes for a partner site an operator has disabled
 * (it names the site in X-Partner-Origin), before any session is looked at: a page left open on
 * that site shows the refusal rather than the member's screens. The header remains a claim: leaving
 * it out gains nothing, since the sessions opened through the site were ended when it was disabled.
 */
export function registerDisabledSiteGate(app: FastifyInstance): void {
  // A callback hook: the requests that name no site (nearly all) pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const claimed = request.headers[partnerOriginHeader];
    if (typeof claimed !== 'string' || claimed === '' || !request.url.startsWith('/api/')) return done();
    app.partnerSites
      .fresh(disabledSiteListMaxAgeMs)
      .then(
        () => done(app.partnerSites.isDisabled(claimed) ? new ApiError(403, 'partner_site_not_allowed', disabledSiteMessage) : undefined),
        done,
      );
  });
}
