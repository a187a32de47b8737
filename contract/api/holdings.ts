/**
 * The member's holdings as their route schema declares them (server/holdings/holdings.schemas.ts): /dig reads this type,
 * never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type { holdingSchema } from '../../server/holdings/holdings.schemas.ts';

/** A paid order the member owns, with its room, share and what it has earned: GET v1/holdings. */
export type Holding = Static<typeof holdingSchema>;
