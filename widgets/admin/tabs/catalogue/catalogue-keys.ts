import type { RefusalCode } from '../../../../contract/refusals.ts';
import { refusalWording } from '../../shared/form-submission.ts';

/** The refusals the Catalogue tab words itself; anything else is "the action failed". */
export const catalogueRefusals = [
  'validation',
  'product_capacity_below_sold',
  'product_not_found',
  'engine_room_not_found',
  'engine_room_capacity_below_held',
  'engine_room_not_retired',
  'engine_room_move_target',
  'engine_room_days_unshared',
  'image_empty',
  'image_damaged',
  'image_too_large',
  'image_too_many_pixels',
  'image_unsupported',
  'session_expired',
  'operators_only',
] as const satisfies readonly RefusalCode[];

export const catalogueWording = refusalWording(catalogueRefusals);
