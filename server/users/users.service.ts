/** What the users routes read, passed through from the queries as they are. */
export { findUserById } from './user.repository.ts';
export type { UserRow } from './user.repository.ts';
