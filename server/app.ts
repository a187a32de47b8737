import { randomUUID } from 'node:crypto';
import fastifyCors from '@fastify/cors';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { SessionCache } from './auth/session-cache.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle, Db } from './db/database.ts';
import { healthRoutes } from './health/health.routes.ts';
import { alertsDomain } from './alerts/index.ts';
import { auditDomain } from './audit/index.ts';
import { booksDomain } from './books/index.ts';
import { cardsDomain } from './cards/index.ts';
import { catalogueDomain } from './catalogue/index.ts';
import { dashboardDomain } from './dashboard/index.ts';
import { devicesDomain } from './devices/index.ts';
import { distributionDomain } from './distribution/index.ts';
import { holdingsDomain } from './holdings/index.ts';
import { membersDomain } from './members/index.ts';
import { notificationsDomain } from './notifications/index.ts';
import { operatorsDomain } from './operators/index.ts';
import { ordersDomain } from './orders/index.ts';
import { partnerSitesDomain } from './partner-sites/index.ts';
import { partnersDomain } from './partners/index.ts';
import { paymentsDomain } from './payments/index.ts';
import { receivingDomain } from './receiving/index.ts';
import { reconciliationDomain } from './reconciliation/index.ts';
import { revenueDomain } from './revenue/index.ts';
import { siteDomain } from './site/index.ts';
import { uploadsDomain } from './uploads/index.ts';
import { usersDomain } from './users/index.ts';
import { verificationDomain } from './verification/index.ts';
import { walletDomain } from './wallet/index.ts';
import { withdrawalsDomain } from './withdrawals/index.ts';
import { cardKeyOf } from './cards/card-key.ts';
import { PartnerDirectory } from './partners/partner-directory.ts';
import { httpPartnerPlatform } from './partners/http-partner-platform.ts';
import { platformSettings } from './partners/platform-settings.ts';
import { registerDisabledSiteGate } from './partner-sites/disabled-site-gate.ts';
import { PartnerSiteDirectory } from './partner-sites/partner-site-directory.ts';
import { failure } from './http/envelope.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { withFailureEnvelope } from './http/openapi-failure.ts';
import { parseFormBody } from './http/form-body.ts';
import { registerJsonBody } from './http/json-body.ts';
import { warnOfUntrustedProxy } from './http/proxy-warning.ts';
import { trustProxyOption } from './http/trusted-proxies.ts';
import { RouteTable } from './http/route-table.ts';
import { multilineKey, numberAsTextKey, registerStrictInput } from './http/strict-input.ts';
import { corsOptionsFor } from './web/cors.ts';
import { lazySchemaCompilers } from './http/lazy-schema-compilers.ts';
import { registerSecurityHeaders, sitePolicyHeader } from './web/security-headers.ts';
import { sessionFrameRoutes } from './web/session-frame.ts';
import { registerStaticSite } from './web/static-site.ts';
import { LiveSite } from './site/live-site.ts';
import { SitePublisher } from './site/site-publish.service.ts';
import { addScrapedGauges, createMetrics, type Metrics } from './metrics/metrics.ts';
import { registerHttpMetrics } from './metrics/http-metrics.ts';
import { WorkCountsCache } from './dashboard/work-counts-cache.ts';
import { transfersWaiting } from './wallet/transfer-batches.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: DatabaseHandle['kind'];
    config: Config;
    /** Adapters for the partner cities; external platforms are connected here. */
    partners: PartnerDirectory;
    /** Live member sessions, evicted on revocation in every process (decision 021). */
    sessionCache: SessionCache;
    /** Preview, publish and rollback of the brand site (decision 022). */
    sitePublisher: SitePublisher;
    /** The enabled partner sites, kept current in every process through LISTEN/NOTIFY (decision 017). */
    partnerSites: PartnerSiteDirectory;
    /** The work waiting, read once per process and again when the database announces a change (decision 065). */
    workCounts: WorkCountsCache;
    /** What this process measures about itself (decision 056), served on METRICS_PORT when set. */
    metrics: Metrics;
  }
}

/** A request id a client may pass in; anything else is replaced by a fresh one. */
const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;

export async function buildApp(
  config: Config,
  database: DatabaseHandle,
  logger: FastifyServerOptions['logger'] = false,
  schemas: 'lazy' | 'eager' = 'lazy',
): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    // Each route's schemas compile on its first request, not all of them before the first is served.
    ...(schemas === 'lazy' ? { schemaController: { compilersFactory: lazySchemaCompilers() } } : {}),
    bodyLimit: config.bodyBytesMax,
    trustProxy: trustProxyOption(config.trustProxy),
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    },
    // No coercion: the strict-input gate reads numbers and booleans from canonical text only,
    // so `true`, "0x10" or " 1" never pass as a number.
    ajv: {
      customOptions: { coerceTypes: false, allErrors: true, removeAdditional: true, keywords: [multilineKey, numberAsTextKey] },
    },
    return503OnClosing: true,
    // Errors raised before routing (a URL that is not valid percent-encoding) get the envelope too.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ err: error }, 'malformed request');
      void (reply as FastifyReply)
        .status(400)
        .header('x-request-id', request.id)
        .header('x-content-type-options', 'nosniff')
        .send(failure('malformed_request', 'Malformed request URL'));
    },
  });
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('config', config);
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  database.observeQueries((seconds, failed) => metrics.querySeconds.observe({ outcome: failed ? 'error' : 'ok' }, seconds));
  const workCounts = new WorkCountsCache();
  await workCounts.start(database);
  app.decorate('workCounts', workCounts);
  app.addHook('onClose', () => workCounts.stop());
  addScrapedGauges(metrics, {
    db: database.db,
    pool: database.poolStats,
    workCounts: (db) => workCounts.read(db, { fresh: true }),
    transfersWaiting,
  });
  // An external city without a platform connected in code is reached over HTTPS with its saved settings.
  app.decorate(
    'partners',
    new PartnerDirectory((partnerCityId) => httpPartnerPlatform(() => platformSettings(database.db, cardKeyOf(app), partnerCityId))),
  );
  const sessionCache = new SessionCache();
  await sessionCache.start(database);
  app.decorate('sessionCache', sessionCache);
  app.addHook('onClose', () => sessionCache.stop());
  const partnerSites = new PartnerSiteDirectory();
  await partnerSites.start(database);
  app.decorate('partnerSites', partnerSites);
  app.addHook('onClose', () => partnerSites.stop());
  const liveSite = new LiveSite(
    { productSiteDir: config.staticDir, widgetsDir: config.widgetsDir, siteDir: config.siteDir, policyOf: sitePolicyHeader, log: app.log },
    database,
  );
  await liveSite.start();
  const sitePublisher = new SitePublisher(database.db, liveSite, app.log, metrics);
  app.decorate('sitePublisher', sitePublisher);
  app.addHook('onClose', async () => {
    await sitePublisher.stop();
    await liveSite.stop();
  });
  app.decorateRequest('member', null);
  app.decorateRequest('operator', null);

  const routeTable = new RouteTable();
  routeTable.watch(app);
  registerErrorHandler(app);
  registerHttpMetrics(app, metrics);
  registerJsonBody(app);
  registerStrictInput(app);
  registerDisabledSiteGate(app);
  warnOfUntrustedProxy(app);

  // Set on the way in, so every answer carries it, errors included (Fastify keeps the headers a reply was given).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  await registerSecurityHeaders(app, [config.staticDir, config.widgetsDir]);

  await app.register(fastifyFormbody, { parser: parseFormBody, bodyLimit: config.bodyBytesMax });
  // Allowed origins come from the partner sites operators manage, not from the configuration (decision 017).
  await app.register(fastifyCors, { delegator: (request, callback) => callback(null, corsOptionsFor(request)) });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Graphene solar storefront API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transformObject: (document) => withFailureEnvelope('openapiObject' in document ? document.openapiObject : {}),
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(catalogueDomain);
      await api.register(usersDomain);
      await api.register(operatorsDomain);
      await api.register(auditDomain);
      await api.register(booksDomain);
      await api.register(membersDomain);
      await api.register(partnersDomain);
      await api.register(verificationDomain);
      await api.register(alertsDomain);
      await api.register(walletDomain);
      await api.register(partnerSitesDomain);
      await api.register(receivingDomain);
      await api.register(uploadsDomain);
      await api.register(cardsDomain);
      await api.register(withdrawalsDomain);
      await api.register(distributionDomain);
      await api.register(revenueDomain);
      await api.register(siteDomain);
      await api.register(ordersDomain);
      await api.register(holdingsDomain);
      await api.register(paymentsDomain);
      await api.register(reconciliationDomain);
      await api.register(devicesDomain);
      await api.register(notificationsDomain);
      await api.register(dashboardDomain);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );
  await app.register(sessionFrameRoutes);
  await registerStaticSite(app, liveSite);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const allowed = routeTable.allowedMethods(pathname);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send(failure('method_not_allowed', `Method ${request.method} not allowed`));
    }
    return reply.status(404).send(failure('route_not_found', 'Not found'));
  });

  return app;
}
