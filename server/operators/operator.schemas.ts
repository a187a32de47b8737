import { Type } from 'typebox';
import { operatorPasswordMinLength } from './login.service.ts';
import { passwordCharacters } from '../users/account.schemas.ts';

export const roleSchema = Type.Union([Type.Literal('administrator'), Type.Literal('reviewer')], {
  description: 'administrator: everything; reviewer: the queues only',
});

/** An operator's password, first or changed: the member password rules (lowercase letters and digits, both), longer. */
export const operatorPasswordField = Type.String({
  minLength: operatorPasswordMinLength,
  maxLength: 64,
  pattern: passwordCharacters,
  description: `The member password rules (lowercase letters and digits, both), at least ${operatorPasswordMinLength} long`,
});

/** What sign-in still asks of the operator before the token opens the back office. */
export const signInStageSchema = Type.Union([
  Type.Literal('signed_in'),
  Type.Literal('code'),
  Type.Literal('enrol'),
  Type.Literal('password'),
]);

/** POST admin/v1/login: the operator token and what sign-in still asks for. */
export const operatorSignInSchema = Type.Object({
  token: Type.String(),
  stage: Type.Union(signInStageSchema.anyOf, {
    description:
      'signed_in: the token works; code: send a two-factor or recovery code to POST admin/v1/login/code; enrol: two-factor is required, set it up (admin/v1/me/two-factor) before anything else; password: another operator chose the first password, choose one of your own (PUT admin/v1/me/password) before anything else',
  }),
});

/** GET admin/v1/me: who is signed in. */
export const operatorMeSchema = Type.Object({
  id: Type.Integer({ description: 'The operator, as named in claims and the audit log' }),
  username: Type.String(),
  role: roleSchema,
  two_factor: Type.Boolean(),
  two_factor_required: Type.Boolean({ description: 'Every operator must use two-factor sign-in' }),
  recovery_codes_left: Type.Integer(),
  stage: signInStageSchema,
});

/** POST admin/v1/me/two-factor: a new secret to enrol. */
export const enrolmentSchema = Type.Object({
  secret: Type.String({ description: 'Base32, for typing into an app by hand' }),
  uri: Type.String({ description: 'otpauth://totp/… URI' }),
  qr: Type.Object({ size: Type.Integer(), path: Type.String({ description: 'SVG path of the dark modules' }) }),
});

/** POST admin/v1/me/two-factor/confirm: the recovery codes, shown this once. */
export const recoveryCodesSchema = Type.Object({ recovery_codes: Type.Array(Type.String()) });

/** An operator in the Operators screen's list. */
export const operatorItemSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  role: roleSchema,
  two_factor: Type.Boolean(),
  disabled: Type.Boolean(),
  disabled_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  last_seen_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'null: never signed in' }),
  created_at: Type.String({ format: 'date-time' }),
});

/** The back office's sign-in settings. */
export const operatorSettingsSchema = Type.Object({ two_factor_required: Type.Boolean() });
