import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';
import { dashboardSchema, workCountsSchema } from './dashboard.schemas.ts';
import { readDashboard } from './dashboard.service.ts';

/** The operator's first screen: what waits, how income went today and yesterday, and what setup is left. */
export const dashboardAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/v1/dashboard',
    {
      schema: {
        tags: ['operators'],
        summary:
          'Counts of every queue, each engine room’s distribution today and yesterday, machines offline, and the setup checklist until the business can take payments',
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(dashboardSchema) },
      },
    },
    async () => success(await readDashboard(app.db, app.config)),
  );

  app.get(
    '/admin/v1/work-counts',
    {
      schema: {
        tags: ['operators'],
        summary: 'The work waiting in each queue, for the navigation and the page title; light enough to ask every few seconds',
        description:
          'Kept per process and read again when a queue announces a change (decision 065), so it follows the work within moments on every process.',
        security: [{ bearer: [] }],
        querystring: Type.Object({
          fresh: Type.Optional(
            Type.Boolean({ description: 'Read from the database now, after an action of one’s own that settled an item' }),
          ),
        }),
        response: {
          200: envelopeOf(workCountsSchema),
        },
      },
    },
    async (request) => success(await app.workCounts.read(app.db, { fresh: request.query.fresh === true })),
  );
};
