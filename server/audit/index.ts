import type { FastifyPluginAsync } from 'fastify';
import { operatorOnly } from '../auth/operator-routes.ts';
import { auditAdminRoutes } from './audit.admin.routes.ts';

/** The audit log and its export. */
export const auditDomain: FastifyPluginAsync = async (app) => {
  await app.register(operatorOnly(auditAdminRoutes));
};
