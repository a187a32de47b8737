import type { StatementLineState } from '../../contract/reconciliation.ts';
import { payerNameFits } from '../cards/holder-name.ts';

/** A payment notice waiting for its remittance to be found on the statement, as the repository reads it. */
export interface WaitingNotice {
  notice_id: string;
  order_id: string;
  order_number: string;
  amount: bigint;
  account_back_five: string;
  member_id: number;
  username: string;
  /** The verified real name the payer must be; null while the member is not verified. */
  realname: string | null;
}

/** What matching needs of a readable credit line. */
export interface CreditLine {
  amount: bigint;
  lastFive: string | null;
  payerName: string;
}

export type Judgement = {
  state: Exclude<StatementLineState, 'bad' | 'not_credit' | 'imported_before' | 'confirmed' | 'confirmed_by_hand'>;
  notice?: WaitingNotice;
};

/**
 * Pairs credits with notices by all three of amount, the last five digits the member gave and the
 * payer's name as the member's verified name, as far as the bank prints it (holder-name.ts; as in the original app, account
 * holder, payer and payee are one person). Anything less than one line for one notice is left to an operator, with the reason the
 * nearest candidate failed: a statement never confirms a payment on a guess (decision 059).
 */
export function matchCredits(lines: readonly CreditLine[], notices: readonly WaitingNotice[]): Judgement[] {
  const judged = lines.map((line): Judgement => {
    const sameAmount = notices.filter((notice) => notice.amount === line.amount);
    if (sameAmount.length === 0) return { state: 'no_notice' };
    const sameDigits = sameAmount.filter((notice) => line.lastFive !== null && notice.account_back_five === line.lastFive);
    if (sameDigits.length === 0) return { state: 'digits_differ' };
    const sameName = sameDigits.filter((notice) => payerNameFits(line.payerName, notice.realname));
    if (sameName.length === 0) return { state: 'name_differs' };
    const [only, ...others] = sameName;
    return only !== undefined && others.length === 0 ? { state: 'matched', notice: only } : { state: 'several_notices' };
  });
  const claims = new Map<string, number>();
  for (const judgement of judged)
    if (judgement.notice !== undefined) claims.set(judgement.notice.notice_id, (claims.get(judgement.notice.notice_id) ?? 0) + 1);
  return judged.map((judgement) =>
    judgement.notice !== undefined && (claims.get(judgement.notice.notice_id) ?? 0) > 1 ? { state: 'several_lines' } : judgement,
  );
}
