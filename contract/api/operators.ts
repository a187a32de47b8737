/**
 * The operators' own answers as their route schemas declare them (server/operators/operator.schemas.ts): the back
 * office's sign-in, its Security tab and its Operators tab read these types, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type {
  enrolmentSchema,
  operatorItemSchema,
  operatorMeSchema,
  operatorSettingsSchema,
  operatorSignInSchema,
  recoveryCodesSchema,
} from '../../server/operators/operator.schemas.ts';

/** POST admin/v1/login: the operator token and what sign-in still asks for. */
export type OperatorSignIn = Static<typeof operatorSignInSchema>;
/** GET admin/v1/me: who is signed in, in which role and at which sign-in stage. */
export type OperatorMe = Static<typeof operatorMeSchema>;
/** POST admin/v1/me/two-factor: the secret to enrol, as text, URI and QR code. */
export type Enrolment = Static<typeof enrolmentSchema>;
/** POST admin/v1/me/two-factor/confirm: the recovery codes, shown once. */
export type RecoveryCodes = Static<typeof recoveryCodesSchema>;
/** An operator in GET admin/v1/operators. */
export type OperatorRow = Static<typeof operatorItemSchema>;
/** GET and PUT admin/v1/operator-settings. */
export type OperatorSettings = Static<typeof operatorSettingsSchema>;
