import { csvText } from '../shared/csv.ts';
import { pointsToDecimal } from '../shared/money.ts';
import type { StatementLine } from './statement.repository.ts';

export const statementCsvHeader = 'id,journal_id,created_at,kind,wallet,enjoy_city_id,enjoy_city_name,amount';

/** One CSV row; amounts keep all 4 decimals so a spreadsheet sums them exactly. */
export function statementCsvRow(line: StatementLine): string {
  return [
    line.entryId,
    line.journalId,
    line.createdAt.toISOString(),
    csvText(line.kind),
    line.wallet,
    line.partnerCity?.id ?? '',
    csvText(line.partnerCity?.name ?? ''),
    pointsToDecimal(line.amount),
  ].join(',');
}
