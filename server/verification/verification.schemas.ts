import { localisedSchema } from '../catalogue/localised-name.schemas.ts';
import { Type } from 'typebox';
import { emailField, phoneField } from '../users/contact.schemas.ts';
import { multilineText } from '../http/schemas.ts';

const uploadId = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1, description: 'an id from POST v1/image/upload' });

/** PUT v1/user/{id}: the identity details and the three photos (the original app's verification form). */
export const verificationBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 30, description: 'the member’s own user name, as the original app’s form sends it' })),
  realname: Type.String({ minLength: 1, maxLength: 50, pattern: "^[\\p{L}\\p{M}][\\p{L}\\p{M} .·'-]*$" }),
  email: emailField,
  phone: phoneField,
  countries_id: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  certificates_id: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  certificate_number: Type.String({ minLength: 4, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' }),
  certificate_front: uploadId,
  certificate_back: uploadId,
  certificate_handle: uploadId,
});

export const referenceItem = Type.Object({
  id: Type.Integer(),
  type: Type.String({ description: 'The English name (shown where `names` has none for the language)' }),
  names: localisedSchema('the name in each language'),
});

export const reviewReasonBody = Type.Object({ reason: multilineText({ minLength: 1, maxLength: 500, pattern: '\\S' }) });

/** A country or certificate type as administrators edit it (admin/v1/verification-choices). */
export const verificationChoiceSchema = Type.Object({
  id: Type.Integer(),
  type: Type.String({ description: 'The English name the API gives as `type`' }),
  name_zhs: Type.String(),
  name_zht: Type.String(),
  name_eng: Type.String(),
  enabled: Type.Boolean({ description: 'Off: members no longer choose it; those who did keep it' }),
});
/** GET admin/v1/verification-choices: both lists members choose from. */
export const verificationChoiceListsSchema = Type.Object({
  countries: Type.Array(verificationChoiceSchema),
  certificate_types: Type.Array(verificationChoiceSchema),
});

/** An identity verification in the operators' review queue (GET admin/v1/verifications). */
export const submissionSchema = Type.Object({
  user_id: Type.Integer(),
  username: Type.String(),
  realname: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  countries_id: Type.Integer(),
  certificates_id: Type.Union([Type.Integer(), Type.Null()]),
  certificate_number: Type.Union([Type.String(), Type.Null()]),
  verification_status: Type.String(),
  verification_reason: Type.Union([Type.String(), Type.Null()]),
  submitted_at: Type.Union([Type.String(), Type.Null()]),
  photos: Type.Object({
    front: Type.Union([Type.String(), Type.Null()]),
    back: Type.Union([Type.String(), Type.Null()]),
    handle: Type.Union([Type.String(), Type.Null()]),
  }),
});
