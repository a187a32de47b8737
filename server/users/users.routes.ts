import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberOf, requireMember } from '../auth/auth.guard.ts';
import { updatePasswordAndParentBody, userSchema } from './account.schemas.ts';
import { updatePasswordAndParent } from './account.service.ts';
import { success } from '../http/envelope.ts';
import { forbidden } from '../shared/errors.ts';
import { envelopeOf, idParams, recordId } from '../http/schemas.ts';
import { userView } from './user-view.service.ts';
import { changeContact } from './contact.service.ts';
import { contactChangeBody } from './contact.schemas.ts';
import { existingMember, type UserRow } from './users.service.ts';

const bearer = [{ bearer: [] }];

/** The member's own record; any other id answers 403, whether or not it exists, so ids reveal nothing. */
async function ownUser(app: FastifyInstance, request: FastifyRequest, params: { id: string }): Promise<UserRow> {
  const member = memberOf(request);
  if (recordId(params) !== member.userId) throw forbidden();
  return existingMember(app.db, member.userId);
}

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/user/:id',
    {
      onRequest: requireMember,
      schema: {
        tags: ['members'],
        summary: 'The member’s own user record',
        params: idParams,
        security: bearer,
        response: { 200: envelopeOf(userSchema) },
      },
    },
    async (request) => success(await userView(app.db, await ownUser(app, request, request.params))),
  );

  app.put(
    '/v1/user/updatePasswordAndParent/:id',
    {
      onRequest: requireMember,
      schema: {
        tags: ['members'],
        summary: 'Change password and/or referrer',
        params: idParams,
        body: updatePasswordAndParentBody,
        security: bearer,
      },
    },
    async (request) => {
      const user = await ownUser(app, request, request.params);
      const change = request.body;
      try {
        await updatePasswordAndParent(app.db, app.config, user, memberOf(request).sessionId, change);
      } finally {
        // A password change revokes the member's other sessions, and too many wrong old passwords end this
        // one (refused with 429): either way forgotten here now, elsewhere through NOTIFY.
        app.sessionCache.evictMember(user.id);
      }
      return success(null, 'Modified successfully');
    },
  );

  app.put(
    '/v1/user/contact/:id',
    {
      onRequest: requireMember,
      schema: {
        tags: ['members'],
        summary:
          'A verified member changes the phone and e-mail approved with their identity, with the account password (counted as a password change’s old password; 409 identity_not_verified before approval: send the verification again instead)',
        params: idParams,
        body: contactChangeBody,
        security: bearer,
      },
    },
    async (request) => {
      const user = await ownUser(app, request, request.params);
      try {
        await changeContact(app.db, app.config, user, memberOf(request).sessionId, request.body);
      } finally {
        // Too many wrong passwords end this session (refused with 429): forgotten here now, elsewhere through NOTIFY.
        app.sessionCache.evictMember(user.id);
      }
      return success(null, 'Contact details changed');
    },
  );
};
