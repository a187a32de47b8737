import { revenueImportBytesMax, revenueImportRowsMax } from '../../contract/revenue.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { recordAudits, type AuditEntry } from '../audit/audit.repository.ts';
import { uniqueViolation } from '../shared/db-errors.ts';
import { ApiError } from '../shared/errors.ts';
import { parseRevenueCsv } from './revenue-csv.ts';
import { checkRows, fileHash, totalOf, type CheckedRow } from './revenue-import.ts';
import { holdUntil, insertRevenueEntry } from './revenue.repository.ts';
import { dayRecordedMessage, moveRevenue } from './revenue.service.ts';
import { readSettings } from './income-settings.repository.ts';

export const importBytesMax = revenueImportBytesMax;
export const importRowsMax = revenueImportRowsMax;

export const importTooLargeMessage = 'The file is larger than 128 KB; split it into smaller files';
export const importTooManyRowsMessage = 'The file has more than 1000 rows; split it into smaller files';
export const importHeaderMessage = 'The first line must name the columns room, business_date, kwh and revenue (evidence optional)';
export const importEmptyMessage = 'The file has no rows to import';
export const importQuoteMessage = 'A quoted field is never closed';
export const importChangedMessage = 'The file differs from the one previewed; preview it again';

export interface ImportInput {
  file_name: string;
  csv: string;
}

export interface ImportCheck {
  fileSha256: string;
  rows: CheckedRow[];
}

/** Reads and checks a file; refuses one that is too large, too long or not a revenue file at all. */
async function check(db: Db, config: Config, input: ImportInput, now: Date): Promise<ImportCheck> {
  if (Buffer.byteLength(input.csv, 'utf8') > importBytesMax)
    throw new ApiError(422, 'revenue_import_too_large', importTooLargeMessage, { errors: { csv: [importTooLargeMessage] } });
  const parsed = parseRevenueCsv(input.csv);
  if (!parsed.ok) {
    const [code, message] =
      parsed.problem === 'header'
        ? (['revenue_import_header', importHeaderMessage] as const)
        : parsed.problem === 'quote'
          ? (['revenue_import_header', importQuoteMessage] as const)
          : (['revenue_import_empty', importEmptyMessage] as const);
    throw new ApiError(422, code, message, { errors: { csv: [message] } });
  }
  if (parsed.rows.length > importRowsMax)
    throw new ApiError(422, 'revenue_import_too_many_rows', importTooManyRowsMessage, { errors: { csv: [importTooManyRowsMessage] } });
  await readSettings(db, config, now);
  return { fileSha256: fileHash(input.csv), rows: await checkRows(db, parsed.rows, now) };
}

/** Step 1: every row checked and judged; nothing is recorded. */
export const previewImport = (db: Db, config: Config, input: ImportInput, now = new Date()): Promise<ImportCheck> =>
  check(db, config, input, now);

/**
 * Step 2: records every good row of the previewed file in one transaction, each row and the import
 * audited. Rows checked again inside it, so a day recorded since the preview is skipped or refused,
 * never recorded twice (the unique record per room and day is the guarantee; decision 028).
 */
export async function confirmImport(
  db: Db,
  config: Config,
  operatorId: number,
  input: ImportInput & { file_sha256: string; reason: string },
  now = new Date(),
): Promise<ImportCheck> {
  if (fileHash(input.csv) !== input.file_sha256) throw new ApiError(409, 'revenue_import_changed', importChangedMessage);
  const hold = holdUntil(config.revenueHoldMs, now);
  try {
    return await db.transaction().execute(async (trx) => {
      const checked = await check(trx, config, input, now);
      const audits: AuditEntry[] = [];
      for (const row of checked.rows) {
        if (row.status !== 'ok' || row.engineRoomId === null || row.wh === null || row.revenue === null) continue;
        const evidence = row.evidence === '' ? `CSV ${input.file_name.slice(0, 200)}, line ${row.line}` : row.evidence;
        const entry = await insertRevenueEntry(trx, {
          engine_room_id: row.engineRoomId,
          business_date: row.businessDate,
          wh: row.wh,
          revenue: row.revenue,
          evidence,
          entry_kind: 'record',
          recorded_by: operatorId,
          hold_until: hold,
        });
        if (row.revenue > 0n) await moveRevenue(trx, row.engineRoomId, row.revenue, `revenue:${entry.id}`, 'revenue_recorded');
        audits.push({
          operatorId,
          action: 'revenue.record',
          subjectType: 'engine_room',
          subjectId: row.engineRoomId,
          before: null,
          after: {
            business_date: row.businessDate,
            wh: row.wh.toString(),
            revenue: row.revenue.toString(),
            evidence,
            import: checked.fileSha256,
          },
        });
      }
      const counts = { recorded: 0, skipped: 0, bad: 0 };
      for (const row of checked.rows) counts[row.status === 'ok' ? 'recorded' : row.status === 'recorded' ? 'skipped' : 'bad'] += 1;
      audits.push({
        operatorId,
        action: 'revenue.import',
        subjectType: 'revenue_import',
        subjectId: checked.fileSha256,
        before: null,
        after: { file_name: input.file_name, ...counts, total: totalOf(checked.rows).toString(), reason: input.reason.trim() },
      });
      await recordAudits(trx, audits);
      return checked;
    });
  } catch (error) {
    // Another operator recorded one of these days between the check and the insert: nothing of the file is kept.
    if (uniqueViolation(error) === 'engine_room_revenue_one_record')
      throw new ApiError(409, 'revenue_already_recorded', dayRecordedMessage);
    throw error;
  }
}
