import { csvText } from '../shared/csv.ts';
import { pointsToDecimal } from '../shared/money.ts';
import type { StatementLine } from './statement.repository.ts';

export const statementCsvHeader = 'id,journal_id,created_at,kind,wallet,enjoy_city_id,enjoy_city_name,amount';

/** One CSV row; amounts keep all 4 decimals so a spreadsheet sums them exactly. */
export function statementCsvRow(line: StatementLine): string {
  return [
    line.entry_id,
    line.journal_id,
    line.created_at.toISOString(),
    csvText(line.kind),
    line.wallet,
    line.partner_city?.id ?? '',
    csvText(line.partner_city?.name ?? ''),
    pointsToDecimal(line.amount),
  ].join(',');
}
