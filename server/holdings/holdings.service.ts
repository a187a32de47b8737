/** What the holdings routes read, passed through from the queries as they are. */
export { countHoldings, listHoldings } from './holdings.repository.ts';
export type { HoldingRow } from './holdings.repository.ts';
