import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { memberOf, requireMember } from '../auth/auth.guard.ts';
import { success } from '../http/envelope.ts';
import { forbidden } from '../shared/errors.ts';
import { envelopeOf, idParams, recordId } from '../http/schemas.ts';
import { userView } from '../users/user-view.service.ts';
import { referenceItem, verificationBody } from './verification.schemas.ts';
import { existingMember } from '../users/users.service.ts';
import { submitVerification, findUserById, listEnabledChoices } from './verification.service.ts';

const bearer = [{ bearer: [] }];

/** The member's side of identity verification, and the lists its form chooses from. */
export const verificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/country',
    {
      schema: {
        tags: ['verification'],
        summary: 'Countries a member may choose when verifying (seeded 1 China, 2 Vietnam, 3 Taiwan), named in each language',
        response: { 200: envelopeOf(Type.Array(referenceItem)) },
      },
    },
    async () => success(await listEnabledChoices(app.db, 'countries')),
  );

  app.get(
    '/v1/certificate',
    {
      schema: {
        tags: ['verification'],
        summary: 'Certificate types a member may choose when verifying, named in each language',
        response: { 200: envelopeOf(Type.Array(referenceItem)) },
      },
    },
    async () => success(await listEnabledChoices(app.db, 'certificate_types')),
  );

  app.put(
    '/v1/user/:id',
    {
      onRequest: requireMember,
      schema: {
        tags: ['verification'],
        summary: 'Submit identity verification (details and three photos); it waits for an operator',
        params: idParams,
        body: verificationBody,
        security: bearer,
      },
    },
    async (request) => {
      const member = memberOf(request);
      if (recordId(request.params) !== member.userId) throw forbidden();
      const user = await existingMember(app.db, member.userId);
      await submitVerification(app.db, user, request.body);
      const updated = await findUserById(app.db, member.userId);
      return success(await userView(app.db, updated ?? user), 'Verification submitted');
    },
  );
};
