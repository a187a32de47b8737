/** What the interest routes read, passed through from the queries as they are. */
export { findProduct } from '../catalogue/catalogue.repository.ts';

export { countIncomeRecords, listIncomeRecords } from './income-records.repository.ts';

export { bpToPercent, readSettings } from '../revenue/income-settings.repository.ts';
