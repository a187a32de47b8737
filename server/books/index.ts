import type { FastifyPluginAsync } from 'fastify';
import { operatorOnly } from '../auth/operator-routes.ts';
import { booksAdminRoutes } from './books.admin.routes.ts';
import { orderAdminRoutes } from './orders.admin.routes.ts';

/** The books and the order index for operators. */
export const booksDomain: FastifyPluginAsync = async (app) => {
  await app.register(operatorOnly(booksAdminRoutes, orderAdminRoutes));
};
