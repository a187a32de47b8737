/** What the trust routes read, passed through from the queries as they are. */
export { bpToPercent } from '../revenue/income-settings.repository.ts';

export { countTrustDays, trustDays, trustRooms } from './trust.repository.ts';
export type { TrustDayRow, TrustRoomRow } from './trust.repository.ts';
