import type { RefusalCode } from '../../../../contract/refusals.ts';

/** Refusals the Operators tab words itself. */
export const operatorsRefusals = [
  'validation',
  'operator_name_taken',
  'operator_not_found',
  'operator_self_change',
  'operator_last_administrator',
  'nothing_to_change',
  'administrators_only',
  'session_expired',
] as const satisfies readonly RefusalCode[];
