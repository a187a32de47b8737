import type { FastifyPluginAsync } from 'fastify';
import { operatorOnly } from '../auth/operator-routes.ts';
import { memberAdjustmentAdminRoutes } from './member-adjustments.admin.routes.ts';
import { memberPageAdminRoutes } from './member-page.admin.routes.ts';
import { memberAdminRoutes } from './members.admin.routes.ts';

/** Members as customer service sees them: search, a member's page, access, waiting time and adjustments. */
export const membersDomain: FastifyPluginAsync = async (app) => {
  await app.register(operatorOnly(memberAdminRoutes, memberPageAdminRoutes, memberAdjustmentAdminRoutes));
};
