import type { FastifyPluginAsync } from 'fastify';
import { operatorOnly } from '../auth/operator-routes.ts';
import { alertAdminRoutes } from './alerts.admin.routes.ts';

/** New-work alerts: the administrators' settings and a test send. */
export const alertsDomain: FastifyPluginAsync = async (app) => {
  await app.register(operatorOnly(alertAdminRoutes));
};
