import type { FastifyPluginAsync } from 'fastify';
import { operatorOnly } from '../auth/operator-routes.ts';
import { incomeSettingsAdminRoutes } from './income-settings.admin.routes.ts';
import { revenueEntryAdminRoutes } from './revenue-entries.admin.routes.ts';
import { revenueImportAdminRoutes } from './revenue-import.admin.routes.ts';
import { revenueAdminRoutes } from './revenue.admin.routes.ts';

/** Revenue as operators record, import and correct it, and the income settings. */
export const revenueDomain: FastifyPluginAsync = async (app) => {
  await app.register(operatorOnly(revenueEntryAdminRoutes, incomeSettingsAdminRoutes, revenueAdminRoutes, revenueImportAdminRoutes));
};
