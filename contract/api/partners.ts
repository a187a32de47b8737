/**
 * The partner cities as their route schema declares them (server/partners/partners.schemas.ts): the back office's
 * Partner wallets tab reads this type, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type { partnerCitySchema } from '../../server/partners/partners.schemas.ts';

/** A partner city with its names, kind, state and platform settings (admin/v1/partner-cities). */
export type PartnerCity = Static<typeof partnerCitySchema>;
