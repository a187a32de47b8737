import { Type } from 'typebox';
import { deviceSchema } from '../devices/devices.schemas.ts';
import { envelopeOf, nullable } from '../http/schemas.ts';
import { passwordLength, referralCodeLengthMax, usernameLength } from '../../contract/limits.ts';

/** The original app's filters (docs/original-app.md): names and referral codes keep word and Chinese characters; passwords lowercase letters, digits and underscore. */
const nameCharacters = '^[\\w\\u4e00-\\u9fa5]+$';
/** The original app's text adds that a password mixes letters and digits. */
export const passwordCharacters = '^(?=.*[a-z])(?=.*[0-9])[a-z0-9_]+$';

/** Login takes whatever was typed, within reason: the rules are checked at registration. */
const loginFieldMaxLength = 64;

export const newPasswordField = Type.String({ minLength: passwordLength.min, maxLength: passwordLength.max, pattern: passwordCharacters });
const passwordPattern = new RegExp(passwordCharacters);
/** What `newPasswordField` accepts (its characters are ASCII, so length in code units is length in characters). */
export const isNewPassword = (value: string): boolean =>
  value.length >= passwordLength.min && value.length <= passwordLength.max && passwordPattern.test(value);
export const referralCodeField = Type.String({ minLength: 1, maxLength: referralCodeLengthMax, pattern: nameCharacters });

export const registerBody = Type.Object({
  username: Type.String({ minLength: usernameLength.min, maxLength: usernameLength.max, pattern: nameCharacters }),
  password: newPasswordField,
  password_confirmation: Type.String({ maxLength: passwordLength.max }),
  /** Required, unless the member registers through a partner site with a referral code of its own (the default then). */
  parent_code: Type.Optional(Type.String({ maxLength: referralCodeLengthMax, pattern: '^[\\w\\u4e00-\\u9fa5]*$' })),
  countries_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2, default: 1 })),
});

export const loginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: loginFieldMaxLength }),
  password: Type.String({ minLength: 1, maxLength: loginFieldMaxLength }),
});

export const updatePasswordAndParentBody = Type.Object({
  old_password: Type.Optional(Type.String({ maxLength: loginFieldMaxLength })),
  password: Type.Optional(Type.String({ maxLength: passwordLength.max })),
  password_confirmation: Type.Optional(Type.String({ maxLength: passwordLength.max })),
  parent_code: Type.Optional(Type.String({ maxLength: referralCodeLengthMax })),
});

const referralCodeSchema = Type.Object({ user_referral_code: Type.String() });
/** An identity photo: its upload id and the path its owner fetches it from. */
const photoSchema = nullable(Type.Object({ id: Type.Integer(), image_path: Type.String() }));

/**
 * The user object of the API contract (user.json.ts): the member's own row, never a hash, a token or another
 * member's data; the referrer appears only as its referral code.
 */
export const userSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  realname: nullable(Type.String()),
  phone: nullable(Type.String()),
  email: nullable(Type.String()),
  countries_id: Type.Integer(),
  certificates_id: nullable(Type.Integer()),
  certificate_number: nullable(Type.String()),
  certificate_front: photoSchema,
  certificate_back: photoSchema,
  certificate_handle: photoSchema,
  verification_status: Type.Union([Type.Literal('none'), Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
  verification_reason: nullable(Type.String({ description: 'Why an operator rejected the verification; null otherwise' })),
  account_status: Type.Union([Type.Literal('active'), Type.Literal('suspended')]),
  user_wallets: Type.Object({ main_wallet: Type.Number() }),
  user_referral_code: referralCodeSchema,
  parent_referral_code: nullable(referralCodeSchema),
  devices: Type.Array(deviceSchema, { description: 'The member’s machines, online while a heartbeat is under 5 minutes old' }),
  created_at: Type.String({ format: 'date-time' }),
});

/** What register and login answer: the new session's token and the member's user object. */
export const sessionDetail = Type.Object({ token: Type.String(), user: userSchema });

/** GET v1/check: the user object (null when the member's row is gone), and the session's token beside the envelope. */
export const sessionCheckResponse = Type.Intersect([envelopeOf(nullable(userSchema)), Type.Object({ token: Type.String() })]);
