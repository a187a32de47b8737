import type { FastifyPluginAsync } from 'fastify';
import { holdingRoutes } from './holdings.routes.ts';

/** What a member holds. */
export const holdingsDomain: FastifyPluginAsync = async (app) => {
  await app.register(holdingRoutes);
};
