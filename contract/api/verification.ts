/**
 * The identity verification answers as their route schemas declare them (server/verification/verification.schemas.ts):
 * the member's verification form and the back office's review queue and choice lists read these types, never a copy
 * written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type {
  referenceItem,
  submissionSchema,
  verificationChoiceListsSchema,
  verificationChoiceSchema,
} from '../../server/verification/verification.schemas.ts';

/** A country or certificate type a member chooses from (GET v1/country, GET v1/certificate). */
export type Choice = Static<typeof referenceItem>;
/** A country or certificate type as administrators edit it (admin/v1/verification-choices). */
export type VerificationChoice = Static<typeof verificationChoiceSchema>;
/** GET admin/v1/verification-choices: both lists. */
export type VerificationChoiceLists = Static<typeof verificationChoiceListsSchema>;
/** An identity verification in GET admin/v1/verifications. */
export type Submission = Static<typeof submissionSchema>;
