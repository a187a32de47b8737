import type { FastifyPluginAsync } from 'fastify';
import { operatorOnly } from '../auth/operator-routes.ts';
import { payoutCardRoutes } from './payout-card.admin.routes.ts';
import { withdrawalAdminRoutes } from './withdrawals.admin.routes.ts';
import { withdrawalRoutes } from './withdrawals.routes.ts';

/** Withdrawals and the payout queue. */
export const withdrawalsDomain: FastifyPluginAsync = async (app) => {
  await app.register(withdrawalRoutes);
  await app.register(operatorOnly(withdrawalAdminRoutes, payoutCardRoutes));
};
