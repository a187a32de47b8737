import type { RefusalCode } from '../../../../contract/refusals.ts';
import { refusalKey } from '../../../core/refusal.ts';

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

/** The Partner sites tab's messages, apart from its screen so the back office can list them without loading it. */
export const partnerSitesMessageKeys = [
  'admin_partner_sites',
  'admin_partner_sites_caption',
  'admin_partner_origin',
  'admin_partner_origin_hint',
  'admin_partner_origin_needed',
  'admin_partner_name',
  'admin_partner_name_needed',
  'admin_partner_referral',
  'admin_partner_referral_hint',
  'admin_partner_none',
  'admin_partner_state',
  'admin_partner_on',
  'admin_partner_off',
  'admin_partner_members',
  'admin_partner_orders',
  'admin_partner_actions',
  'admin_partner_add',
  'admin_partner_added',
  'admin_partner_edit',
  'admin_partner_editing',
  'admin_partner_save',
  'admin_partner_cancel',
  'admin_partner_saved',
  'admin_partner_disable',
  'admin_partner_disabling',
  'admin_partner_enable',
  'admin_partner_disabled',
  'admin_partner_enabled',
  'admin_partner_disable_reason',
  'admin_reason_needed',
  ...partnerSiteRefusals.map(refusalKey),
];
