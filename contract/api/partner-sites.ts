/**
 * The partner sites as their route schema declares them (server/partner-sites/partner-sites.schemas.ts): the back
 * office's Partners tab reads this type, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type { partnerSiteSchema } from '../../server/partner-sites/partner-sites.schemas.ts';

/** A partner site with what it brought (admin/v1/partner-sites). */
export type PartnerSite = Static<typeof partnerSiteSchema>;
