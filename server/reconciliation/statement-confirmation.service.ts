import type { StatementConfirmOutcome } from '../../contract/reconciliation.ts';
import type { RefusalCode } from '../../contract/refusals.ts';
import type { Db } from '../db/database.ts';
import { confirmOrderWithin } from '../payments/confirmation.service.ts';
import { ApiError } from '../shared/errors.ts';
import { statementView } from './reconciliation.service.ts';
import { matchCredits } from './statement-match.ts';
import { lockLine, markLineConfirmed, waitingNoticesFor } from './statements.repository.ts';

export interface LineConfirmation {
  lineId: string;
  orderId: string;
}

export interface LineConfirmResult {
  lineId: string;
  outcome: StatementConfirmOutcome;
  orderNumber?: string;
  code?: RefusalCode;
}

/**
 * Confirms the matched pairs the operator chose, each in its own transaction through the ordinary
 * confirmation rule (audited, the member told): a pair that no longer matches as shown is
 * `changed` and left alone; a pair the rule refuses is `refused` with its code. One pair's failure
 * never undoes another's confirmation.
 */
export async function confirmStatementLines(
  db: Db,
  operatorId: number,
  statementId: string,
  pairs: readonly LineConfirmation[],
): Promise<LineConfirmResult[]> {
  const view = await statementView(db, statementId);
  const current = new Map(view.lines.map((judged) => [judged.id, judged]));
  const results: LineConfirmResult[] = [];
  for (const pair of pairs) {
    const shown = current.get(pair.lineId);
    if (shown?.state !== 'matched' || shown.notice?.order_id !== pair.orderId) {
      results.push({ lineId: pair.lineId, outcome: 'changed' });
      continue;
    }
    try {
      results.push(await confirmLine(db, operatorId, statementId, pair));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      results.push({ lineId: pair.lineId, outcome: 'refused', code: error.code });
    }
  }
  return results;
}

/** One pair, matched again under the line's lock, then confirmed and marked in the same transaction. */
async function confirmLine(db: Db, operatorId: number, statementId: string, pair: LineConfirmation): Promise<LineConfirmResult> {
  return db.transaction().execute(async (trx) => {
    const line = await lockLine(trx, statementId, pair.lineId);
    if (line === undefined || line.confirmed_order_id !== null || line.amount === null) return { lineId: pair.lineId, outcome: 'changed' };
    const amount = BigInt(line.amount);
    const notices = await waitingNoticesFor(trx, line.remittance_account_id, [amount]);
    const [match] = matchCredits([{ amount, lastFive: line.last_five, payerName: line.payer_name }], notices);
    if (match?.state !== 'matched' || match.notice?.order_id !== pair.orderId) return { lineId: pair.lineId, outcome: 'changed' };
    await confirmOrderWithin(trx, operatorId, pair.orderId, {
      payerName: line.payer_name,
      bankReference: line.reference === '' ? `statement ${statementId} line ${line.line}` : line.reference,
      statementLine: pair.lineId,
    });
    await markLineConfirmed(trx, pair.lineId, pair.orderId, operatorId, new Date());
    return { lineId: pair.lineId, outcome: 'confirmed', orderNumber: match.notice.order_number };
  });
}
