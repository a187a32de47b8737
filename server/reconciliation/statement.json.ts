import { statementLineGroups, type StatementLineGroup, type StatementLineState } from '../../contract/reconciliation.ts';
import type { StatementLineJson, StatementMappingJson } from '../../contract/api/reconciliation.ts';
import { points } from '../revenue/revenue.json.ts';
import type { JudgedLine } from './reconciliation.service.ts';
import type { StatementMapping } from './statement-csv.ts';

export const lineGroups = statementLineGroups;
export type LineGroup = StatementLineGroup;

const groupOf: Record<StatementLineState, LineGroup> = {
  matched: 'matched',
  no_notice: 'unmatched',
  digits_differ: 'unmatched',
  name_differs: 'unmatched',
  several_notices: 'unmatched',
  several_lines: 'unmatched',
  confirmed: 'confirmed',
  confirmed_by_hand: 'confirmed',
  bad: 'skipped',
  not_credit: 'skipped',
  imported_before: 'skipped',
};

export const linesInGroup = (lines: readonly JudgedLine[], group: LineGroup): JudgedLine[] =>
  lines.filter((judged) => groupOf[judged.state] === group);

export const mappingJson = (mapping: StatementMapping): StatementMappingJson => ({
  columns: mapping.columns,
  date_order: mapping.dateOrder,
});

export function lineJson(judged: JudgedLine): StatementLineJson {
  const { line, notice, confirmedOrder } = judged;
  return {
    id: judged.id === undefined ? null : Number(judged.id),
    line: line.line,
    booked_on: line.bookedOn,
    amount: line.amount === null ? null : points(line.amount),
    payer_name: line.payerName,
    reference: line.reference,
    payer_account: line.payerAccount,
    state: judged.state,
    problems: line.problems,
    notice:
      notice === undefined
        ? null
        : {
            order_id: Number(notice.order_id),
            order_number: notice.order_number,
            member: { id: notice.member_id, username: notice.username },
            account_back_five: notice.account_back_five,
          },
    confirmed_order:
      confirmedOrder === undefined
        ? null
        : { id: Number(confirmedOrder.id), order_number: confirmedOrder.orderNumber, confirmed_at: confirmedOrder.at.toISOString() },
  };
}
