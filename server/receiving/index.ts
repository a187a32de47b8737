import type { FastifyPluginAsync } from 'fastify';
import { operatorOnly } from '../auth/operator-routes.ts';
import { receivingAccountAdminRoutes } from './receiving.admin.routes.ts';

/** The receiving accounts members pay into. */
export const receivingDomain: FastifyPluginAsync = async (app) => {
  await app.register(operatorOnly(receivingAccountAdminRoutes));
};
