import type { RefusalCode } from '../../contract/refusals.ts';
import { refusalKey } from '../core/refusal.ts';

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

/** The Dashboard tab's words. */
export const dashboardMessageKeys = [
  'admin_dashboard',
  'admin_dashboard_refresh',
  'admin_dashboard_updated',
  'admin_dashboard_queues',
  'admin_dashboard_refunds',
  'admin_dashboard_machines_offline',
  'admin_dashboard_open',
  'admin_dashboard_open_named',
  'admin_dashboard_distribution',
  'admin_dashboard_distribution_caption',
  'admin_dashboard_today',
  'admin_dashboard_yesterday',
  'admin_dashboard_state_finished',
  'admin_dashboard_state_running',
  'admin_dashboard_state_scheduled',
  'admin_dashboard_state_waiting_capacity',
  'admin_dashboard_state_no_revenue',
  'admin_dashboard_paid',
  'admin_dashboard_no_rooms',
  'admin_dashboard_checklist',
  'admin_dashboard_checklist_intro',
  'admin_dashboard_ready',
  'admin_dashboard_done',
  'admin_dashboard_todo',
  'admin_dashboard_step_receiving_account',
  'admin_dashboard_step_product_on_sale',
  'admin_dashboard_step_engine_room_capacity',
  'admin_dashboard_step_income_settings',
  'admin_dashboard_count',
  'admin_dashboard_no_screen',
];

/** The refusals the Settings tab words itself. */
export const settingsRefusals = [
  'validation',
  'time_zone_unknown',
  'session_expired',
  'operators_only',
] as const satisfies readonly RefusalCode[];

/** The Settings tab's words. */
export const settingsMessageKeys = [
  'admin_settings',
  'admin_settings_rate',
  'admin_settings_rate_hint',
  'admin_settings_fee',
  'admin_settings_fee_hint',
  'admin_settings_zone',
  'admin_settings_zone_hint',
  'admin_settings_percent_invalid',
  'admin_settings_save',
  'admin_settings_saved',
  'admin_settings_about',
  'admin_settings_contacts',
  'setting_version',
  'setting_build_date',
  ...settingsRefusals.map(refusalKey),
];
