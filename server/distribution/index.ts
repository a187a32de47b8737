import type { FastifyPluginAsync } from 'fastify';
import { operatorOnly } from '../auth/operator-routes.ts';
import { distributionExplainAdminRoutes } from './distribution-explain.admin.routes.ts';
import { distributionAdminRoutes } from './distribution.admin.routes.ts';
import { interestRoutes } from './interest.routes.ts';
import { engineRoomRoutes } from './room-results.routes.ts';
import { trustRoutes } from './trust.routes.ts';

/** Income shared out: members' income and the public proof, room results, the run on demand and a day explained. */
export const distributionDomain: FastifyPluginAsync = async (app) => {
  await app.register(interestRoutes);
  await app.register(trustRoutes);
  await app.register(engineRoomRoutes);
  await app.register(operatorOnly(distributionAdminRoutes, distributionExplainAdminRoutes));
};
