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
