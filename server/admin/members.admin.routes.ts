import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { recordAudit } from '../audit/audit.repository.ts';
import { success } from '../shared/envelope.ts';
import { ApiError, notFound } from '../shared/errors.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../shared/paging.ts';
import { envelopeOf } from '../shared/schemas.ts';
import { operatorOf, requireOperator } from './operator.guard.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
export const notSuspendedMessage = 'This member is not suspended';

const memberItem = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  realname: Type.Union([Type.String(), Type.Null()]),
  verification_status: Type.String(),
  account_status: Type.String(),
  updated_at: Type.String({ format: 'date-time' }),
});

/**
 * Members suspended pending review (a payment from someone else's account, decision 4 of
 * PRODUCT.md) and the operator's way to end the review: reinstating, with a note, audited.
 */
export const memberAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireOperator);

  app.get(
    '/admin/v1/members',
    {
      schema: {
        tags,
        summary: 'Members by account status (default suspended), longest waiting first',
        querystring: Type.Object({
          status: Type.Optional(Type.Union([Type.Literal('suspended'), Type.Literal('active')])),
          page: pageField,
        }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(memberItem)) },
      },
    },
    async (request) => {
      const { status = 'suspended', page = 1 } = request.query;
      const base = app.db.selectFrom('users').where('account_status', '=', status);
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .select(['id', 'username', 'realname', 'verification_status', 'account_status', 'updated_at'])
          .orderBy('updated_at')
          .orderBy('id')
          .offset(pageOffset(page))
          .limit(perPageDefault)
          .execute(),
      ]);
      const items = rows.map((row) => ({ ...row, updated_at: new Date(row.updated_at).toISOString() }));
      return success(paginate(request, page, Number(count.n), items));
    },
  );

  app.post(
    '/admin/v1/members/:id/reinstate',
    {
      schema: {
        tags,
        summary: 'End a suspension after review (409 if the member is not suspended); the note goes to the audit log',
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        body: Type.Object({ note: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }) }),
        security: bearer,
        response: { 200: envelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { note } = request.body;
      await app.db.transaction().execute(async (trx) => {
        const member = await trx.selectFrom('users').select(['account_status']).where('id', '=', id).forUpdate().executeTakeFirst();
        if (member === undefined) throw notFound('Member not found');
        if (member.account_status !== 'suspended') throw new ApiError(409, notSuspendedMessage);
        await trx.updateTable('users').set({ account_status: 'active', updated_at: new Date() }).where('id', '=', id).execute();
        await recordAudit(trx, {
          operatorId: operatorOf(request).operatorId,
          action: 'member.reinstate',
          subjectType: 'user',
          subjectId: id,
          before: { account_status: 'suspended' },
          after: { account_status: 'active', note: note.trim() },
        });
      });
      return success(null, 'Member reinstated');
    },
  );
};
