import { Type } from 'typebox';
import { emailRule, phoneRule } from '../../contract/contact-rules.ts';
import { passwordLength } from '../../contract/limits.ts';

/** How a member's e-mail address and phone number are written: at verification, and when a verified member changes them. */
export const emailField = Type.String({ minLength: emailRule.min, maxLength: emailRule.max, pattern: emailRule.pattern });
export const phoneField = Type.String({ minLength: phoneRule.min, maxLength: phoneRule.max, pattern: phoneRule.pattern });

/** PUT v1/user/contact/{id}: the new phone and e-mail, and the account password. */
export const contactChangeBody = Type.Object(
  { phone: phoneField, email: emailField, password: Type.String({ maxLength: passwordLength.max }) },
  { additionalProperties: false },
);
