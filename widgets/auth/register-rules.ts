import { passwordLength, usernameLength } from '../../contract/limits.ts';
import { mixesLettersAndDigits } from '../ui/form.tsx';

/**
 * The register form's checks, apart from its screen: the reset-password form asks the same of a new password and
 * takes only these, not the register screen and its words.
 */
export interface Values {
  username: string;
  password: string;
  confirmation: string;
  code: string;
}
export type FieldName = keyof Values;
export type Problems = Partial<Record<FieldName, string | undefined>>;

export const fieldOrder: FieldName[] = ['username', 'password', 'confirmation', 'code'];

/** The original app's register checks (docs/original-app.md), as message keys per field. */
export function registerProblems(values: Values): Problems {
  const problems: Problems = {};
  const { username, password, confirmation, code } = values;
  if (username === '') problems.username = 'register_nickblank';
  else if (username.length < usernameLength.min) problems.username = 'register_namelength';
  if (password === '') problems.password = 'register_passblank';
  else if (password.length < passwordLength.min) problems.password = 'register_less';
  else if (!mixesLettersAndDigits(password)) problems.password = 'register_pass_rule';
  if (confirmation !== password) problems.confirmation = 'register_inconsistent';
  if (code === '') problems.code = 'register_referral_blank';
  return problems;
}
