import type { FastifyPluginAsync } from 'fastify';
import { operatorOnly } from '../auth/operator-routes.ts';
import { sitePictureAdminRoutes } from './site-pictures.admin.routes.ts';
import { siteAdminRoutes } from './site.admin.routes.ts';

/** The brand site: content, preview, publish, and its pictures. */
export const siteDomain: FastifyPluginAsync = async (app) => {
  await app.register(operatorOnly(sitePictureAdminRoutes, siteAdminRoutes));
};
