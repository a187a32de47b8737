import type { FastifyPluginAsync } from 'fastify';
import { operatorOnly } from '../auth/operator-routes.ts';
import { historyRoutes } from './history.routes.ts';
import { partnerFailureAdminRoutes } from './partner-failures.admin.routes.ts';
import { partnerResultRoutes } from './partner-results.routes.ts';
import { walletRoutes } from './wallet.routes.ts';

/** Wallets, transfers to partner cities and their results, and the history. */
export const walletDomain: FastifyPluginAsync = async (app) => {
  await app.register(partnerResultRoutes);
  await app.register(walletRoutes);
  await app.register(historyRoutes);
  await app.register(operatorOnly(partnerFailureAdminRoutes));
};
