import type { FastifyPluginAsync } from 'fastify';
import { operatorOnly } from '../auth/operator-routes.ts';
import { deviceAdminRoutes } from './devices.admin.routes.ts';
import { deviceRoutes } from './devices.routes.ts';

/** Members' devices, and the operators' view of them. */
export const devicesDomain: FastifyPluginAsync = async (app) => {
  await app.register(deviceRoutes);
  await app.register(operatorOnly(deviceAdminRoutes));
};
