import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { memberOf, requireMember } from '../auth/auth.guard.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf } from '../http/schemas.ts';
import { pointsToNumber } from '../shared/money.ts';
import { notificationSchema, unreadCountSchema } from './notifications.schemas.ts';
import { countNotifications, countUnread, listNotifications, readAllNotices, readNotice } from './notifications.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['notifications'];

const idParam = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

/** Amounts are kept in ten-thousandths; like every amount of the API, they are answered in points. */
function withPoints(params: Record<string, string | number>): Record<string, string | number> {
  return typeof params.amount === 'string' ? { ...params, amount: pointsToNumber(params.amount) } : params;
}

/** The member's in-app notifications: the bell's count, the list, and marking them read. */
export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/notifications/unread',
    {
      onRequest: requireMember,
      schema: {
        tags,
        summary: 'How many of the member’s notifications are unread (the bell asks every 5 seconds)',
        security: bearer,
        response: { 200: envelopeOf(unreadCountSchema) },
      },
    },
    async (request) => success({ unread: await countUnread(app.db, memberOf(request).userId) }),
  );

  app.get(
    '/v1/notifications',
    {
      onRequest: requireMember,
      schema: {
        tags,
        summary: 'The member’s notifications, newest first, paged',
        querystring: Type.Object({ page: pageField }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(notificationSchema)) },
      },
    },
    async (request) => {
      const { userId } = memberOf(request);
      const page = request.query.page ?? 1;
      const [total, rows] = await Promise.all([
        countNotifications(app.db, userId),
        listNotifications(app.db, userId, pageOffset(page), perPageDefault),
      ]);
      const data = rows.map((row) => ({
        id: Number(row.id),
        kind: row.kind,
        params: withPoints(row.params),
        created_at: row.created_at.toISOString(),
        read_at: row.read_at?.toISOString() ?? null,
      }));
      return success(paginate(request, page, total, data));
    },
  );

  app.post(
    '/v1/notifications/:id/read',
    {
      onRequest: requireMember,
      schema: {
        tags,
        summary: 'Marks one of the member’s notifications read (404 for another member’s or none)',
        params: idParam,
        security: bearer,
        response: { 200: envelopeOf(unreadCountSchema) },
      },
    },
    async (request) => {
      return success({ unread: await readNotice(app.db, memberOf(request).userId, request.params.id) });
    },
  );

  app.post(
    '/v1/notifications/read-all',
    {
      onRequest: requireMember,
      schema: {
        tags,
        summary: 'Marks every one of the member’s notifications read',
        security: bearer,
        response: { 200: envelopeOf(unreadCountSchema) },
      },
    },
    async (request) => {
      await readAllNotices(app.db, memberOf(request).userId);
      return success({ unread: 0 });
    },
  );
};
