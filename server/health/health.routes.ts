import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { checkConnection, migrationsCurrent } from '../db/database.ts';
import { failure, success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Migrations only move forward and this process's list of them never changes while it runs:
  // once they are known to be current, readiness costs one `select 1`, not a look at the migrator's tables.
  let migrationsKnownCurrent = false;

  app.get(
    '/health',
    { schema: { tags: ['operations'], summary: 'Liveness: the process answers', response: { 200: envelopeOf(Type.Null()) } } },
    async () => success(null, 'ok'),
  );

  app.get(
    '/ready',
    { schema: { tags: ['operations'], summary: 'Readiness: the database answers and its migrations are current' } },
    async (request, reply) => {
      try {
        await checkConnection(app.db);
        migrationsKnownCurrent ||= await migrationsCurrent(app.db);
        if (!migrationsKnownCurrent) return reply.status(503).send(failure('migrations_pending', 'Database migrations are not current'));
        return success({ database: app.dbKind }, 'ready');
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send(failure('service_unavailable', 'Database unreachable'));
      }
    },
  );
};
