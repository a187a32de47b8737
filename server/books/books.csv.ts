import { csvText } from '../shared/csv.ts';
import { pointsToDecimal } from '../shared/money.ts';
import type { ConfirmedPayment, IncomeLine, JournalLine, PaidWithdrawal, RefundLine } from './books.repository.ts';

/*
 * The books' files as an accountant opens them: a UTF-8 byte-order mark first (the routes write it),
 * amounts as decimals members see (1000.5000, never 10005000), and times in the business time zone,
 * which the header names.
 */

/** "2026-11-28 06:17:00" in the zone: the Swedish style is ISO's order with a space. */
export function localTime(timeZone: string): (at: Date) => string {
  const format = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'medium', hourCycle: 'h23' });
  return (at) => format.format(at);
}

const money = (amount: string) => pointsToDecimal(BigInt(amount));
const text = (value: string | null) => csvText(value ?? '');

/** One export: its file name, its header (times named with their zone) and how each row reads. */
export interface BookFile<Row> {
  fileName: string;
  header: (timeZone: string) => string;
  line: (timeZone: string) => (row: Row) => string;
}

export const journalFile: BookFile<JournalLine> = {
  fileName: 'journal',
  header: (zone) => `entry_id,journal_id,time (${zone}),journal_kind,memo,account,account_kind,amount`,
  line: (zone) => {
    const time = localTime(zone);
    return (row) =>
      [
        row.id,
        row.journal_id,
        time(row.created_at),
        text(row.journal_kind),
        text(row.memo),
        text(row.account_key),
        row.account_kind,
        money(row.amount),
      ].join(',');
  },
};

export const paymentsFile: BookFile<ConfirmedPayment> = {
  fileName: 'payments-confirmed',
  header: (zone) => `order_number,username,paid_at (${zone}),amount,payer_name,bank_reference`,
  line: (zone) => {
    const time = localTime(zone);
    return (row) =>
      [row.order_number, text(row.username), time(row.paid_at), money(row.amount), text(row.payer_name), text(row.bank_reference)].join(
        ',',
      );
  },
};

export const withdrawalsFile: BookFile<PaidWithdrawal> = {
  fileName: 'withdrawals-paid',
  header: (zone) => `withdrawal_id,username,paid_at (${zone}),amount,bank,card_last4,bank_reference`,
  line: (zone) => {
    const time = localTime(zone);
    return (row) =>
      [
        row.id,
        text(row.username),
        time(row.paid_at),
        money(row.amount),
        text(row.bank_name),
        row.card_last4,
        text(row.bank_reference),
      ].join(',');
  },
};

export const refundsFile: BookFile<RefundLine> = {
  fileName: 'refunds',
  header: (zone) => `refund_id,order_number,username,recorded_at (${zone}),amount,payer_name,bank_reference,status`,
  line: (zone) => {
    const time = localTime(zone);
    return (row) =>
      [
        row.id,
        row.order_number,
        text(row.username),
        time(row.created_at),
        money(row.amount),
        text(row.payer_name),
        text(row.bank_reference),
        row.status,
      ].join(',');
  },
};

export const incomeFile: BookFile<IncomeLine> = {
  fileName: 'income',
  header: () => 'business_date,income_record,order_number,username,engine_room_id,amount',
  line: () => (row) =>
    [row.business_date, row.interest_record_number, row.order_number, text(row.username), row.engine_room_id, money(row.amount)].join(','),
};
