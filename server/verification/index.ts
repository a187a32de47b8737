import type { FastifyPluginAsync } from 'fastify';
import { operatorOnly } from '../auth/operator-routes.ts';
import { verificationChoiceAdminRoutes } from './verification-choices.admin.routes.ts';
import { verificationAdminRoutes } from './verification.admin.routes.ts';
import { verificationRoutes } from './verification.routes.ts';

/** Identity verification and its choices of country and certificate. */
export const verificationDomain: FastifyPluginAsync = async (app) => {
  await app.register(verificationRoutes);
  await app.register(operatorOnly(verificationChoiceAdminRoutes, verificationAdminRoutes));
};
