import { Type } from 'typebox';

/** A partner site as the operators' Partners tab reads it (GET, POST and PUT admin/v1/partner-sites). */
export const partnerSiteSchema = Type.Object({
  id: Type.Integer(),
  origin: Type.String({ description: 'scheme://host[:port], as browsers send it in the Origin header' }),
  name: Type.String(),
  referral_code: Type.Union([Type.String(), Type.Null()]),
  enabled: Type.Boolean(),
  members: Type.Integer({ description: 'Members who registered through the site' }),
  orders: Type.Integer({ description: 'Orders placed through the site' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
