import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account.routes.ts';
import { userRoutes } from './users.routes.ts';

/** Members' accounts: register, login, profile and contact. */
export const usersDomain: FastifyPluginAsync = async (app) => {
  await app.register(accountRoutes);
  await app.register(userRoutes);
};
