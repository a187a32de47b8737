/** What the payments routes read, passed through from the queries as they are. */
export { uploadPath } from '../uploads/uploads.repository.ts';

export { countNotices, listNotices } from './notices.repository.ts';
export type { NoticeRow } from './notices.repository.ts';

export { countRefunds, listRefunds } from './refunds.repository.ts';

export { findNotice } from './notices.repository.ts';
