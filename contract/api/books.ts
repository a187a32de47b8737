/**
 * The books' answers as their route schemas declare them (server/books/books.schemas.ts): the back office's Books and
 * Orders tabs read these types, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type { closeReportSchema, indexedOrderSchema } from '../../server/books/books.schemas.ts';

/** One order as the back office's orders index lists it: GET admin/v1/orders. */
export type IndexedOrder = Static<typeof indexedOrderSchema>;
/** One business day's close, the ledger's movements by kind and its balances at the day's end: GET admin/v1/books/close. */
export type CloseReport = Static<typeof closeReportSchema>;
