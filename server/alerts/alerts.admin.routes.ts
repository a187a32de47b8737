import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';
import { smtpMailer } from '../notifications/mailer.ts';
import { alertSettingsView, changeAlertSettings, readAlertSettingsView } from './alert-settings.service.ts';
import { sendTestAlert } from './alert-test.ts';
import { alertSettingsSavedSchema, alertSettingsSchema, alertTestResultSchema } from './alerts.schemas.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
/**
 * Who is told of new work outside the back office (issue 35, decision 064): e-mail addresses and a signed webhook,
 * for administrators (operator-access.ts denies reviewers by default). Audited.
 */
export const alertAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const emailAvailable = app.config.smtpUrl !== undefined;

  app.get(
    '/admin/v1/alerts',
    {
      schema: {
        tags,
        summary: 'Who is told of new work (payment notices, verifications, withdrawals, refunds owed, credits waiting for approval)',
        security: bearer,
        response: { 200: envelopeOf(alertSettingsSchema) },
      },
    },
    async () => success(await readAlertSettingsView(app.db, emailAvailable)),
  );

  app.put(
    '/admin/v1/alerts',
    {
      schema: {
        tags,
        summary:
          'Set the addresses and the webhook (422 naming the field); a webhook set for the first time, or new_secret, makes a signing secret returned this once',
        body: Type.Object({
          emails: Type.Optional(Type.String({ maxLength: 1_300 })),
          email_languages: Type.Optional(
            Type.Record(Type.String({ maxLength: 254 }), Type.String({ maxLength: 8 }), {
              description: 'Address → all, zhs, zht or eng (422 naming email_languages for anything else)',
              maxProperties: 5,
            }),
          ),
          webhook_url: Type.Optional(Type.String({ maxLength: 500 })),
          new_secret: Type.Optional(Type.Boolean()),
        }),
        security: bearer,
        response: {
          200: envelopeOf(alertSettingsSavedSchema),
        },
      },
    },
    async (request) => {
      const { settings, newSecret } = await changeAlertSettings(app.db, operatorOf(request).operatorId, request.body);
      return success(
        { ...alertSettingsView(settings, emailAvailable), ...(newSecret === undefined ? {} : { webhook_secret: newSecret }) },
        'Saved',
      );
    },
  );

  app.post(
    '/admin/v1/alerts/test',
    {
      schema: {
        tags,
        summary:
          'Send one test through each channel as saved: an e-mail to the addresses, and a signed post with "event":"work.test" and no items to the webhook',
        security: bearer,
        response: {
          200: envelopeOf(alertTestResultSchema),
        },
      },
    },
    async () => {
      const mailer = app.config.smtpUrl === undefined ? undefined : smtpMailer(app.config.smtpUrl, app.config.mailFrom);
      try {
        return success(await sendTestAlert(app.db, { mailer }));
      } finally {
        mailer?.close();
      }
    },
  );
};
