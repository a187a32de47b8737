import type { FastifyPluginAsync } from 'fastify';
import { operatorOnly } from '../auth/operator-routes.ts';
import { partnerCityAdminRoutes } from './partner-cities.admin.routes.ts';

/** Partner cities and their platforms' settings. */
export const partnersDomain: FastifyPluginAsync = async (app) => {
  await app.register(operatorOnly(partnerCityAdminRoutes));
};
