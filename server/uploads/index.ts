import type { FastifyPluginAsync } from 'fastify';
import { uploadRoutes } from './uploads.routes.ts';

/** Members' uploaded photos. */
export const uploadsDomain: FastifyPluginAsync = async (app) => {
  await app.register(uploadRoutes);
};
