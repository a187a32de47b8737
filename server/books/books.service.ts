/** What the books routes read, passed through from the queries as they are. */
export { currentSettings } from '../revenue/income-settings.service.ts';

export { closeFigures, confirmedPayments, incomeLines, journalLines, paidWithdrawals, refundLines } from './books.repository.ts';
export type { DayRange } from './books.repository.ts';

export { allOrders, countOrders, listOrders } from './order-index.repository.ts';
export type { OrderIndexFilter } from './order-index.repository.ts';
