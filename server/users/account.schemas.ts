import { Type } from 'typebox';
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

export const sessionDetail = Type.Object({
  token: Type.String(),
  user: Type.Object({ id: Type.Integer() }, { additionalProperties: true }),
});
