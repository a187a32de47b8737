import type { FastifyPluginAsync } from 'fastify';
import { orderRoutes } from './orders.routes.ts';

/** A member's orders. */
export const ordersDomain: FastifyPluginAsync = async (app) => {
  await app.register(orderRoutes);
};
