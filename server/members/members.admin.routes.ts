import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf, multilineText } from '../http/schemas.ts';
import { reinstateMember, countByAccountStatus, listByAccountStatus, countMembers, searchMembers } from './members.service.ts';
import { operatorOf } from '../auth/operator.guard.ts';
import { memberRowSchema } from './members.schemas.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];

/**
 * Members suspended pending review (a payment from someone else's account, decision 4 of
 * PRODUCT.md) and the operator's way to end the review: reinstating, with a note, audited.
 */
export const memberAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/v1/members',
    {
      schema: {
        tags,
        summary:
          'Members by account status (default suspended), longest waiting first; or, with `q`, the members found by username, ' +
          'real name, phone or order number (any part, any case), newest first, in every status unless `status` is given',
        querystring: Type.Object({
          status: Type.Optional(Type.Union([Type.Literal('suspended'), Type.Literal('active')])),
          q: Type.Optional(Type.String({ maxLength: 100, description: 'Text to find; blank lists by status as before' })),
          page: pageField,
        }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(memberRowSchema)) },
      },
    },
    async (request) => {
      const { q = '', page = 1 } = request.query;
      if (q.trim() !== '') {
        const filter = { query: q, status: request.query.status };
        const [total, rows] = await Promise.all([
          countMembers(app.db, filter),
          searchMembers(app.db, filter, pageOffset(page), perPageDefault),
        ]);
        const items = rows.map((row) => ({ ...row, updated_at: new Date(row.updated_at).toISOString() }));
        return success(paginate(request, page, total, items));
      }
      const { status = 'suspended' } = request.query;
      const [total, rows] = await Promise.all([
        countByAccountStatus(app.db, status),
        listByAccountStatus(app.db, status, pageOffset(page), perPageDefault),
      ]);
      const items = rows.map((row) => ({ ...row, updated_at: new Date(row.updated_at).toISOString() }));
      return success(paginate(request, page, total, items));
    },
  );

  app.post(
    '/admin/v1/members/:id/reinstate',
    {
      schema: {
        tags,
        summary: 'End a suspension after review (409 if the member is not suspended); the note goes to the audit log',
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        body: Type.Object({ note: multilineText({ minLength: 1, maxLength: 500, pattern: '\\S' }) }),
        security: bearer,
        response: { 200: envelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { note } = request.body;
      await reinstateMember(app.db, operatorOf(request).operatorId, id, note);
      return success(null, 'Member reinstated');
    },
  );
};
