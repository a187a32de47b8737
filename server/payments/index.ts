import type { FastifyPluginAsync } from 'fastify';
import { operatorOnly } from '../auth/operator-routes.ts';
import { orderRefundAdminRoutes } from './order-refund.admin.routes.ts';
import { paymentAdminRoutes } from './payments.admin.routes.ts';
import { paymentRoutes } from './payments.routes.ts';

/** Payment notices, their confirmation and refunds of paid orders. */
export const paymentsDomain: FastifyPluginAsync = async (app) => {
  await app.register(paymentRoutes);
  await app.register(operatorOnly(paymentAdminRoutes, orderRefundAdminRoutes));
};
