import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';
import { confirmEnrolment, finishSignIn, operatorProfile, startEnrolment } from './two-factor.service.ts';
import { changeOwnPassword } from './own-password.service.ts';
import { logout } from './login.service.ts';
import { enrolmentSchema, operatorMeSchema, operatorPasswordField, recoveryCodesSchema } from './operator.schemas.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
const codeBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 40, description: 'Six digits from the authenticator app, or a recovery code' }),
});

/** The signed-in operator's own record, password, two-factor sign-in (decision 026) and logout. */
export const ownAccountAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/v1/logout',
    {
      schema: { tags, summary: 'End this operator session', security: bearer, response: { 200: envelopeOf(Type.Null()) } },
    },
    async (request) => {
      await logout(app.db, operatorOf(request).sessionId);
      return success(null, 'logged out');
    },
  );

  app.get(
    '/admin/v1/me',
    {
      schema: {
        tags,
        summary: 'Who is signed in: username, role, two-factor state and sign-in stage',
        security: bearer,
        response: {
          200: envelopeOf(operatorMeSchema),
        },
      },
    },
    async (request) => success(await operatorProfile(app.db, operatorOf(request))),
  );

  app.post(
    '/admin/v1/login/code',
    {
      schema: {
        tags,
        summary: 'Second sign-in step: a current authenticator code (each accepted once) or an unused recovery code',
        security: bearer,
        body: codeBody,
        response: { 200: envelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await finishSignIn(app.db, app.config, operatorOf(request), request.body.code, request.ip);
      return success(null, 'login success');
    },
  );

  app.post(
    '/admin/v1/me/two-factor',
    {
      schema: {
        tags,
        summary: 'Start setting up two-factor sign-in: a new secret, as otpauth URI, QR code and text',
        security: bearer,
        response: {
          200: envelopeOf(enrolmentSchema),
        },
      },
    },
    async (request) => success(await startEnrolment(app.db, app.config, operatorOf(request).operatorId)),
  );

  app.post(
    '/admin/v1/me/two-factor/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm with a current code: two-factor goes on; ten recovery codes are returned, this once only',
        security: bearer,
        body: codeBody,
        response: { 200: envelopeOf(recoveryCodesSchema) },
      },
    },
    async (request) => {
      const codes = await confirmEnrolment(app.db, app.config, operatorOf(request), request.body.code);
      return success({ recovery_codes: codes }, 'two-factor sign-in is on');
    },
  );

  app.put(
    '/admin/v1/me/password',
    {
      schema: {
        tags,
        summary: 'Change one’s own password: the current one, then a new one by the operators’ rules; other sessions end',
        security: bearer,
        body: Type.Object({
          current_password: Type.String({ minLength: 1, maxLength: 200 }),
          new_password: operatorPasswordField,
        }),
        response: { 200: envelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await changeOwnPassword(app.db, app.config, operatorOf(request), request.body.current_password, request.body.new_password);
      return success(null, 'password changed');
    },
  );
};
