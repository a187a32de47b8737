import type { RefusalCode } from '../../../../contract/refusals.ts';

/** The refusals this screen words itself; anything else is "the action failed". */
export const partnerSiteRefusals = [
  'validation',
  'partner_site_origin_invalid',
  'partner_site_duplicate',
  'partner_site_not_found',
  'referrer_not_found',
  'nothing_to_change',
  'session_expired',
  'operators_only',
] as const satisfies readonly RefusalCode[];
