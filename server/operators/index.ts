import type { FastifyPluginAsync } from 'fastify';
import { operatorOnly } from '../auth/operator-routes.ts';
import { operatorLoginRoutes } from './login.routes.ts';
import { operatorAdminRoutes } from './operators.admin.routes.ts';
import { ownAccountAdminRoutes } from './own-account.admin.routes.ts';

/** Operators: login, their own account and two-factor sign-in, and administrators' changes to operators. */
export const operatorsDomain: FastifyPluginAsync = async (app) => {
  await app.register(operatorLoginRoutes);
  await app.register(operatorOnly(operatorAdminRoutes, ownAccountAdminRoutes));
};
