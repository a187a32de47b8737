/** What the room-results routes read, passed through from the queries as they are. */
export { findEngineRoom, findProduct, listEngineRooms } from '../catalogue/catalogue.repository.ts';

export { recentProduction, recentShares } from './production.repository.ts';
