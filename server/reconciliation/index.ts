import type { FastifyPluginAsync } from 'fastify';
import { operatorOnly } from '../auth/operator-routes.ts';
import { reconciliationAdminRoutes } from './reconciliation.admin.routes.ts';

/** Bank statements matched to payment notices. */
export const reconciliationDomain: FastifyPluginAsync = async (app) => {
  await app.register(operatorOnly(reconciliationAdminRoutes));
};
