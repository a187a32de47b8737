import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';
import { operatorOf, requireOperator } from '../auth/operator.guard.ts';
import { revokeOperatorSession } from '../auth/operator-session.repository.ts';
import { operatorLogin } from './operator.service.ts';

const bearer = [{ bearer: [] }];

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
              stage: Type.Union([Type.Literal('signed_in'), Type.Literal('code'), Type.Literal('enrol'), Type.Literal('password')], {
                description:
                  'signed_in: the token works; code: send a two-factor or recovery code to POST admin/v1/login/code; enrol: two-factor is required, set it up (admin/v1/me/two-factor) before anything else; password: another operator chose the first password, choose one of your own (PUT admin/v1/me/password) before anything else',
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
};
