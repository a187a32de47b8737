import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { countAudit, listAudit } from '../audit/audit.repository.ts';
import { success } from '../http/envelope.ts';
import { validationError } from '../shared/errors.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf } from '../http/schemas.ts';
import { operatorOf, requireOperator } from '../auth/operator.guard.ts';
import { revokeOperatorSession } from '../auth/operator-session.repository.ts';
import { operatorLogin } from './operator.service.ts';

const bearer = [{ bearer: [] }];

const auditItem = Type.Object({
  id: Type.Integer(),
  operator: Type.Union([Type.String(), Type.Null()], { description: 'null for the command line or the system' }),
  action: Type.String(),
  subject_type: Type.String(),
  subject_id: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  created_at: Type.String({ format: 'date-time' }),
});

/** The operator API under /api/admin/v1: one login, then every route behind requireOperator. */
export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/v1/login',
    {
      schema: {
        tags: ['operators'],
        summary: 'Operator login; returns an operator token',
        body: Type.Object({
          username: Type.String({ minLength: 1, maxLength: 40 }),
          password: Type.String({ minLength: 1, maxLength: 200 }),
        }),
        response: {
          200: envelopeOf(
            Type.Object({
              token: Type.String(),
              stage: Type.Union([Type.Literal('signed_in'), Type.Literal('code'), Type.Literal('enrol')], {
                description:
                  'signed_in: the token works; code: send a two-factor or recovery code to POST admin/v1/login/code; enrol: two-factor is required, set it up (admin/v1/me/two-factor) before anything else',
              }),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      return success(await operatorLogin(app.db, app.config, username, password, request.ip), 'login success');
    },
  );

  await app.register(operatorSessionRoutes);
};

/** Everything after login: behind requireOperator. */
const operatorSessionRoutes: FastifyPluginAsyncTypebox = async (guarded) => {
  guarded.addHook('onRequest', requireOperator);

  guarded.post(
    '/admin/v1/logout',
    {
      schema: { tags: ['operators'], summary: 'End this operator session', security: bearer, response: { 200: envelopeOf(Type.Null()) } },
    },
    async (request) => {
      await revokeOperatorSession(guarded.db, operatorOf(request).sessionId);
      return success(null, 'logged out');
    },
  );

  guarded.get(
    '/admin/v1/audit',
    {
      schema: {
        tags: ['operators'],
        summary: 'The audit log, newest first; optionally one kind of action, or one subject',
        querystring: Type.Object({
          page: pageField,
          action: Type.Optional(Type.String({ pattern: '^[a-z_]+(\\.[a-z_]+)*$', maxLength: 60, description: 'e.g. order.confirm' })),
          subject_type: Type.Optional(Type.String({ pattern: '^[a-z_]+$', maxLength: 40, description: 'e.g. order, user, withdrawal' })),
          subject_id: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 64,
              pattern: '^[\\w\\u4e00-\\u9fa5.:-]+$',
              description: "with subject_type: one subject, by its id (or an order's number, a member's username)",
            }),
          ),
        }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(auditItem)) },
      },
    },
    async (request) => {
      const { page = 1, action, subject_type: subjectType, subject_id: subjectId } = request.query;
      // An id alone names nothing: order 7 and member 7 are different subjects.
      if (subjectId !== undefined && subjectType === undefined) throw validationError({ subject_id: ['Name the subject type too.'] });
      const filter = { action, subjectType, subjectId };
      const [total, rows] = await Promise.all([
        countAudit(guarded.db, filter),
        listAudit(guarded.db, filter, pageOffset(page), perPageDefault),
      ]);
      const items = rows.map((row) => ({ ...row, id: Number(row.id), created_at: new Date(row.created_at).toISOString() }));
      return success(paginate(request, page, total, items));
    },
  );
};
