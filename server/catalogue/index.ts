import type { FastifyPluginAsync } from 'fastify';
import { operatorOnly } from '../auth/operator-routes.ts';
import { buyingListRoutes } from './buying.routes.ts';
import { catalogueAdminRoutes } from './catalogue.admin.routes.ts';
import { catalogRoutes } from './catalogue.routes.ts';
import { engineRoomCatalogueAdminRoutes } from './engine-rooms.admin.routes.ts';
import { engineRoomsAdminRoutes } from './room-capacity.admin.routes.ts';

/** The catalogue: products and engine rooms as members read them, and as operators add, change, size and open or close them. */
export const catalogueDomain: FastifyPluginAsync = async (app) => {
  await app.register(catalogRoutes);
  await app.register(buyingListRoutes);
  await app.register(operatorOnly(engineRoomsAdminRoutes, catalogueAdminRoutes, engineRoomCatalogueAdminRoutes));
};
