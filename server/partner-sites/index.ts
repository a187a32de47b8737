import type { FastifyPluginAsync } from 'fastify';
import { operatorOnly } from '../auth/operator-routes.ts';
import { partnerSiteAdminRoutes } from './partner-sites.admin.routes.ts';

/** The partner sites operators allow. */
export const partnerSitesDomain: FastifyPluginAsync = async (app) => {
  await app.register(operatorOnly(partnerSiteAdminRoutes));
};
