import { Type } from 'typebox';

/** An entry of the audit log as GET admin/v1/audit lists it. */
export const auditRowSchema = Type.Object({
  id: Type.Integer(),
  operator: Type.Union([Type.String(), Type.Null()], { description: 'null for the command line or the system' }),
  action: Type.String(),
  subject_type: Type.String(),
  subject_id: Type.String(),
  subject_label: Type.Union([Type.String(), Type.Null()], {
    description: 'What an operator knows the subject by: an order’s number, a member’s username; null for other subjects',
  }),
  before: Type.Unknown(),
  after: Type.Unknown(),
  created_at: Type.String({ format: 'date-time' }),
});
