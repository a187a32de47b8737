import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { requireOperator } from './operator.guard.ts';

/**
 * A domain folder's operator routes in one encapsulated context whose first onRequest hook is the operator guard,
 * so no route registered here answers without a live operator session that the reviewer allow-list
 * (operator-access.ts) lets through. Each folder's index.ts calls it once for all its admin route files.
 */
export function operatorOnly(...plugins: FastifyPluginAsyncTypebox[]): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', requireOperator);
    for (const plugin of plugins) await app.register(plugin);
  };
}
