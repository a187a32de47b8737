/** What the uploads routes read, passed through from the queries as they are. */
export { findUpload, insertUpload, uploadPath } from './uploads.repository.ts';
