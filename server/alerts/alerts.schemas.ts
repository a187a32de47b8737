import { Type } from 'typebox';

const locale = Type.Union([Type.Literal('zhs'), Type.Literal('zht'), Type.Literal('eng')]);
/** GET admin/v1/alerts: who is told of new work outside the back office. */
export const alertSettingsSchema = Type.Object({
  emails: Type.String({ description: 'Addresses told of new work by e-mail, comma-separated; empty: none' }),
  email_languages: Type.Record(Type.String(), locale, {
    description: 'Addresses written to in one language, address → locale; any other address gets the three languages',
  }),
  webhook_url: Type.String({ description: 'Where new work is posted as signed JSON; empty: nowhere' }),
  webhook_secret_set: Type.Boolean({ description: 'Whether posts are signed with a secret (shown only when made)' }),
  email_available: Type.Boolean({ description: 'Whether this install can send e-mail (SMTP_URL is set)' }),
});

/** PUT admin/v1/alerts: the settings saved, with a new signing secret in the answer that made it. */
export const alertSettingsSavedSchema = Type.Intersect([
  alertSettingsSchema,
  Type.Object({
    webhook_secret: Type.Optional(
      Type.String({ description: 'The new signing secret, only in the answer that made it: keep it with the receiver' }),
    ),
  }),
]);

const outcome = (description: string) =>
  Type.Union([Type.Literal('not_set'), Type.Literal('sent'), Type.Literal('failed')], { description });

/** POST admin/v1/alerts/test: what each channel did with one test. */
export const alertTestResultSchema = Type.Object({
  email: outcome('not_set: no address or no SMTP_URL; sent: the mail server took it; failed: it did not'),
  webhook: outcome('not_set: no address; sent: the receiver answered 2xx within 5 seconds; failed: it did not'),
  webhook_status: Type.Union([Type.Integer(), Type.Null()], {
    description: 'The receiver’s HTTP status, null without an answer',
  }),
});
