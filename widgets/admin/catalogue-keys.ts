import type { RefusalCode } from '../../contract/refusals.ts';
import { refusalKey } from '../core/refusal.ts';
import { refusalWording } from './form-submission.ts';

/** The refusals the Catalogue tab words itself; anything else is "the action failed". */
export const catalogueRefusals = [
  'validation',
  'product_capacity_below_sold',
  'product_not_found',
  'engine_room_not_found',
  'image_empty',
  'image_damaged',
  'image_too_large',
  'image_too_many_pixels',
  'image_unsupported',
  'session_expired',
  'operators_only',
] as const satisfies readonly RefusalCode[];

/**
 * The message keys of the Catalogue tab, apart from its screens so that the back-office page lists
 * them without loading the tab, which loads when it is opened.
 */
export const catalogueMessageKeys = [
  'admin_catalogue',
  'admin_cat_products',
  'admin_cat_rooms',
  'admin_cat_name',
  'admin_cat_description',
  'admin_cat_specifications',
  'admin_cat_unit',
  'admin_cat_price',
  'admin_cat_price_hint',
  'admin_cat_capacity',
  'admin_cat_capacity_hint',
  'admin_cat_watts',
  'admin_cat_on_sale',
  'admin_cat_hidden',
  'admin_cat_sold',
  'admin_cat_pictures',
  'admin_cat_picture_add',
  'admin_cat_picture_alt',
  'admin_cat_remove',
  'admin_cat_certificates',
  'admin_cat_certificate_name',
  'admin_cat_certificate_add',
  'admin_cat_reason',
  'admin_cat_edit',
  'admin_cat_add_product',
  'admin_cat_editing',
  'admin_cat_save',
  'admin_cat_cancel',
  'admin_cat_saved',
  'admin_cat_needed',
  'admin_cat_price_invalid',
  'admin_cat_number_invalid',
  'admin_cat_below_sold',
  'admin_cat_reason_needed',
  'admin_cat_location',
  'admin_cat_type',
  'admin_cat_room_capacity',
  'admin_cat_room_sample',
  'admin_cat_room_capacity_hint',
  'admin_cat_room_held',
  'admin_cat_room_reason',
  'admin_cat_room_reason_hint',
  'admin_cat_add_room',
  'admin_cat_state',
  'admin_cat_actions',
  'language_zhs',
  'language_zht',
  'language_eng',
  'admin_load_error',
  'admin_action_failed',
  ...catalogueRefusals.map(refusalKey),
];

export const catalogueWording = refusalWording(catalogueRefusals);
