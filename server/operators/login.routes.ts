import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';
import { operatorLogin } from './login.service.ts';
import { operatorSignInSchema } from './operator.schemas.ts';

/** The one operator route open without a session: login (its answer says what sign-in still asks for). */
export const operatorLoginRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
          200: envelopeOf(operatorSignInSchema),
        },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      return success(await operatorLogin(app.db, app.config, username, password, request.ip), 'login success');
    },
  );
};
