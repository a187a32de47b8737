/**
 * The bank-reconciliation answers as their route schemas declare them (server/reconciliation/reconciliation.schemas.ts,
 * decision 059): the back office's Statements tab and the server's JSON mappings read these types, so screen and
 * server cannot drift (decision 068).
 */
import type { Static } from 'typebox';
import type {
  confirmResultSchema,
  importedSchema,
  lineSchema,
  listedStatementSchema,
  mappingSchema,
  previewSchema,
  statementAccountSchema,
  statementSchema,
  statementViewSchema,
} from '../../server/reconciliation/reconciliation.schemas.ts';

/** Which header each column is read from, and how dates are written. */
export type StatementMappingJson = Static<typeof mappingSchema>;
/** One line of a statement, as read and as judged. */
export type StatementLineJson = Static<typeof lineSchema>;
/** A statement file checked, nothing saved: POST admin/v1/bank-statements/preview. */
export type StatementPreviewJson = Static<typeof previewSchema>;
/** A statement as imported. */
export type StatementJson = Static<typeof statementSchema>;
/** A statement in GET admin/v1/bank-statements, with its lines confirmed. */
export type ListedStatementJson = Static<typeof listedStatementSchema>;
/** A statement just imported with its lines by state: POST admin/v1/bank-statements. */
export type StatementImportedJson = Static<typeof importedSchema>;
/** A receiving account a statement may be imported for: GET admin/v1/bank-statement-accounts. */
export type StatementAccountJson = Static<typeof statementAccountSchema>;
/** A statement's lines by group, a page at a time: GET admin/v1/bank-statements/{id}. */
export type StatementViewJson = Static<typeof statementViewSchema>;
/** What confirming one matched line came to: POST admin/v1/bank-statements/{id}/confirm. */
export type StatementConfirmResultJson = Static<typeof confirmResultSchema>;
