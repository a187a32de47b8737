import type { FastifyPluginAsync } from 'fastify';
import { operatorOnly } from '../auth/operator-routes.ts';
import { dashboardAdminRoutes } from './dashboard.admin.routes.ts';

/** The back office's dashboard and its work counts. */
export const dashboardDomain: FastifyPluginAsync = async (app) => {
  await app.register(operatorOnly(dashboardAdminRoutes));
};
