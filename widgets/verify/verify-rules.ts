import { emailRule } from '../../contract/contact-rules.ts';

/** The three photos, in the original app's order, with the field each upload id is sent in. */
export const photoSlots = [
  { slot: 'front', field: 'certificate_front', label: 'verify_photo_front' },
  { slot: 'back', field: 'certificate_back', label: 'verify_photo_back' },
  { slot: 'handheld', field: 'certificate_handle', label: 'verify_photo_handheld' },
] as const;
export type PhotoSlot = (typeof photoSlots)[number]['slot'];

/** The text fields of the form, in screen order (the name is the account's and is not edited). */
export const verifyFields = ['realname', 'email', 'phone', 'countries_id', 'certificates_id', 'certificate_number'] as const;
export type VerifyField = (typeof verifyFields)[number];
export type VerifyValues = Record<VerifyField, string>;

export const emptyVerifyValues: VerifyValues = {
  realname: '',
  email: '',
  phone: '',
  countries_id: '',
  certificates_id: '',
  certificate_number: '',
};

/** A plain check of an address's shape, by the server's own rule (contract/limits.ts); the server decides the rest. */
export function isEmail(text: string): boolean {
  const email = text.trim();
  return email.length <= emailRule.max && new RegExp(emailRule.pattern).test(email);
}

export interface VerifyProblem {
  key: string;
  /** The field to point at: a text field, or a photo slot. */
  field?: VerifyField | PhotoSlot;
}

/**
 * The original app's checks (docs/original-app.md), in its order: every visible input filled ("verify_check_info"), then the
 * email's shape, then all three photos uploaded ("verify_check_photo"). Null when it may go.
 */
export function verifyProblem(values: VerifyValues, photoIds: Partial<Record<PhotoSlot, number | undefined>>): VerifyProblem | null {
  const empty = verifyFields.find((field) => values[field].trim() === '');
  if (empty !== undefined) return { key: 'verify_check_info', field: empty };
  if (!isEmail(values.email)) return { key: 'register_email_invalid', field: 'email' };
  const missing = photoSlots.find(({ slot }) => photoIds[slot] === undefined);
  if (missing !== undefined) return { key: 'verify_check_photo', field: missing.slot };
  return null;
}

/**
 * Every field at fault at once, each with the message shown under it: the empty ones, and an email
 * of the wrong shape. The original app's single message (verifyProblem) still heads the form.
 */
export function verifyFieldProblems(values: VerifyValues): Partial<Record<VerifyField, string>> {
  const problems: Partial<Record<VerifyField, string>> = {};
  for (const field of verifyFields) if (values[field].trim() === '') problems[field] = 'verify_field_required';
  if (problems.email === undefined && !isEmail(values.email)) problems.email = 'register_email_invalid';
  return problems;
}

/** The body of PUT v1/user/{id}: the original app's fields, the photos as their upload ids. */
export function verifyBody(name: string, values: VerifyValues, photoIds: Record<PhotoSlot, number>): Record<string, string> {
  const body: Record<string, string> = { name };
  for (const field of verifyFields) body[field] = values[field].trim();
  for (const { slot, field } of photoSlots) body[field] = String(photoIds[slot]);
  return body;
}

export type VerificationStatus = 'none' | 'pending' | 'approved' | 'rejected';

export function verificationStatusOf(user: Record<string, unknown> | null): VerificationStatus {
  const status = user?.verification_status;
  return status === 'pending' || status === 'approved' || status === 'rejected' ? status : 'none';
}

/** The form's first values from the stored user (a rejected member corrects rather than retypes). */
export function verifyValuesOf(user: Record<string, unknown> | null): VerifyValues {
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  return {
    realname: text(user?.realname),
    email: text(user?.email),
    phone: text(user?.phone),
    countries_id: text(user?.countries_id),
    certificates_id: text(user?.certificates_id),
    certificate_number: text(user?.certificate_number),
  };
}
