/** What the audit routes read, passed through from the queries as they are. */
export { countAudit, listAudit, wholeAudit } from './audit.repository.ts';
export type { AuditFilter } from './audit.repository.ts';
