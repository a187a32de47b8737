import type { FastifyPluginAsync } from 'fastify';
import { notificationRoutes } from './notifications.routes.ts';

/** A member's notifications. */
export const notificationsDomain: FastifyPluginAsync = async (app) => {
  await app.register(notificationRoutes);
};
