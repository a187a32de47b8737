import { passwordLength } from '../../contract/limits.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';
import { userJson } from './user.json.ts';
import { userView } from './user-view.service.ts';
import { memberOf, requireMember } from '../auth/auth.guard.ts';
import { loginBody, newPasswordField, registerBody, sessionCheckResponse, sessionDetail } from './account.schemas.ts';
import { login, logOut, register, findUserProfile } from './account.service.ts';
import { resetPassword } from './password-reset.service.ts';
import { fieldError } from '../shared/errors.ts';
import { partnerOriginHeaders, partnerSiteOf } from '../partner-sites/partner-origin.ts';

const bearer = [{ bearer: [] }];

export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/v1/register',
    {
      schema: {
        tags: ['members'],
        summary:
          'Register with a referral code. Through an enabled partner site (X-Partner-Origin), the member is attributed to it and a blank code defaults to its referral code',
        headers: partnerOriginHeaders,
        body: registerBody,
        response: { 201: envelopeOf(sessionDetail) },
      },
    },
    async (request, reply) => {
      const site = partnerSiteOf(app.partnerSites, request.headers);
      const attribution = site === undefined ? undefined : { partnerSiteId: site.id, referralCode: site.referralCode };
      const { token, user } = await register(app.db, app.config, request.body, request.ip, attribution);
      return reply.status(201).send(success({ token, user: await userView(app.db, user) }, 'Registered successfully'));
    },
  );

  app.post(
    '/v1/login',
    {
      schema: {
        tags: ['members'],
        summary:
          'Log in; earlier sessions are revoked. Through an enabled partner site (X-Partner-Origin), the session ends when that site is disabled',
        headers: partnerOriginHeaders,
        body: loginBody,
        response: { 200: envelopeOf(sessionDetail) },
      },
    },
    async (request) => {
      // The header only narrows this session's life (it ends with the site), so a forged one grants nothing.
      const site = partnerSiteOf(app.partnerSites, request.headers);
      const { token, user } = await login(app.db, app.config, request.body, request.ip, site?.id ?? null);
      // Committed: this process forgets the revoked sessions now; the others hear it through NOTIFY.
      app.sessionCache.evictMember(user.id);
      return success({ token, user: await userView(app.db, user) }, 'login success');
    },
  );

  app.post(
    '/v1/password/reset',
    {
      schema: {
        tags: ['members'],
        summary:
          'Choose a new password with the one-time code customer service gave; every session ends, and the member logs in with the new password',
        body: Type.Object({
          username: Type.String({ minLength: 1, maxLength: 64 }),
          code: Type.String({ minLength: 1, maxLength: 20 }),
          password: newPasswordField,
          password_confirmation: Type.String({ maxLength: passwordLength.max }),
        }),
        response: { 200: envelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      const { username, code, password, password_confirmation: confirmation } = request.body;
      if (password !== confirmation)
        throw fieldError('password_confirmation', 'password_confirmation_mismatch', 'The password confirmation does not match.');
      const userId = await resetPassword(app.db, app.config, { username, code, password }, request.ip);
      // Committed: this process forgets the member's sessions now; the others hear it through NOTIFY.
      app.sessionCache.evictMember(userId);
      return success(null, 'Password changed');
    },
  );

  app.post(
    '/v1/logout',
    {
      onRequest: requireMember,
      schema: { tags: ['members'], summary: 'Revoke this session', security: bearer, response: { 200: envelopeOf(Type.Null()) } },
    },
    async (request) => {
      const member = memberOf(request);
      await logOut(app.db, member.sessionId);
      app.sessionCache.evictMember(member.userId);
      return success(null, 'logged out');
    },
  );

  app.get(
    '/v1/check',
    {
      onRequest: requireMember,
      schema: {
        tags: ['members'],
        summary: 'Verify the session; returns the user',
        security: bearer,
        response: { 200: sessionCheckResponse },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const profile = await findUserProfile(app.db, member.userId);
      return { ...success(profile === undefined ? null : userJson(profile.user, profile)), token: member.token };
    },
  );
};
