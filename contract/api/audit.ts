/**
 * The audit log's answer as its route schema declares it (server/audit/audit.schemas.ts): the back office's Audit tab
 * reads this type, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type { auditRowSchema } from '../../server/audit/audit.schemas.ts';

/** An entry of GET admin/v1/audit: who did what to which subject, when, with the values before and after. */
export type AuditRow = Static<typeof auditRowSchema>;
