import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';
import { smtpMailer } from '../notifications/mailer.ts';
import { alertSettingsView, changeAlertSettings, readAlertSettingsView } from './alert-settings.service.ts';
import { sendTestAlert } from './alert-test.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
const locale = Type.Union([Type.Literal('zhs'), Type.Literal('zht'), Type.Literal('eng')]);
const settingsItem = Type.Object({
  emails: Type.String({ description: 'Addresses told of new work by e-mail, comma-separated; empty: none' }),
  email_languages: Type.Record(Type.String(), locale, {
    description: 'Addresses written to in one language, address → locale; any other address gets the three languages',
  }),
  webhook_url: Type.String({ description: 'Where new work is posted as signed JSON; empty: nowhere' }),
  webhook_secret_set: Type.Boolean({ description: 'Whether posts are signed with a secret (shown only when made)' }),
  email_available: Type.Boolean({ description: 'Whether this install can send e-mail (SMTP_URL is set)' }),
});

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
        response: { 200: envelopeOf(settingsItem) },
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
          200: envelopeOf(
            Type.Intersect([
              settingsItem,
              Type.Object({
                webhook_secret: Type.Optional(
                  Type.String({ description: 'The new signing secret, only in the answer that made it: keep it with the receiver' }),
                ),
              }),
            ]),
          ),
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

  const outcome = (description: string) =>
    Type.Union([Type.Literal('not_set'), Type.Literal('sent'), Type.Literal('failed')], { description });
  app.post(
    '/admin/v1/alerts/test',
    {
      schema: {
        tags,
        summary:
          'Send one test through each channel as saved: an e-mail to the addresses, and a signed post with "event":"work.test" and no items to the webhook',
        security: bearer,
        response: {
          200: envelopeOf(
            Type.Object({
              email: outcome('not_set: no address or no SMTP_URL; sent: the mail server took it; failed: it did not'),
              webhook: outcome('not_set: no address; sent: the receiver answered 2xx within 5 seconds; failed: it did not'),
              webhook_status: Type.Union([Type.Integer(), Type.Null()], {
                description: 'The receiver’s HTTP status, null without an answer',
              }),
            }),
          ),
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
