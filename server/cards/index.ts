import type { FastifyPluginAsync } from 'fastify';
import { cardRoutes } from './cards.routes.ts';

/** Members' bank cards. */
export const cardsDomain: FastifyPluginAsync = async (app) => {
  await app.register(cardRoutes);
};
