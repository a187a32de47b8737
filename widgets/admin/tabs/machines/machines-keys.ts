import type { RefusalCode } from '../../../../contract/refusals.ts';
import { refusalKey } from '../../../core/refusal.ts';

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

/** The Machines tab's words, apart from the screen so the page carries them while the screen loads on first open. */
export const machinesMessageKeys = [
  'admin_machines',
  'admin_machines_caption',
  'admin_machines_filter',
  'admin_machines_all',
  'admin_machines_online',
  'admin_machines_offline',
  'admin_machines_retired',
  'admin_machines_serial',
  'admin_machines_serial_hint',
  'admin_machines_serial_needed',
  'admin_machines_room',
  'admin_machines_room_needed',
  'admin_machines_member',
  'admin_machines_unbound',
  'admin_machines_state',
  'admin_machines_last_seen',
  'admin_machines_never',
  'admin_machines_retirement',
  'admin_machines_in_service',
  'admin_machines_actions',
  'admin_machines_add',
  'admin_machines_added',
  'admin_machines_secret',
  'admin_machines_secret_warning',
  'admin_machines_secret_done',
  'admin_machines_retire',
  'admin_machines_retiring',
  'admin_machines_retire_reason',
  'admin_machines_retire_note',
  'admin_machines_retired_done',
  'admin_machines_cancel',
  'admin_reason_needed',
  'admin_copy',
  'admin_copied',
  'admin_copy_failed',
  ...machineRefusals.map(refusalKey),
];
