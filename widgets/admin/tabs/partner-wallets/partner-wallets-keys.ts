import type { RefusalCode } from '../../../../contract/refusals.ts';

/** The refusals the Partner wallets tab words itself. */
export const partnerWalletsRefusals = [
  'validation',
  'partner_city_not_found',
  'session_expired',
  'operators_only',
] as const satisfies readonly RefusalCode[];
