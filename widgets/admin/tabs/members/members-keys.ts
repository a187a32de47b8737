import type { RefusalCode } from '../../../../contract/refusals.ts';

/** The refusals the Members tab words itself; anything else is "the action failed". */
export const membersRefusals = [
  'validation',
  'member_not_found',
  'member_not_suspended',
  'member_already_suspended',
  'session_expired',
  'operators_only',
] as const satisfies readonly RefusalCode[];
