import type { RefusalCode } from '../../../../contract/refusals.ts';

/** The refusals the Machines tab words itself; anything else is "the action failed". */
export const machineRefusals = [
  'validation',
  'device_serial_taken',
  'engine_room_unknown',
  'device_not_found',
  'device_retired',
  'session_expired',
  'operators_only',
] as const satisfies readonly RefusalCode[];
