import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { orderStatus, type OrderStatus } from '../../contract/statuses.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf } from '../http/schemas.ts';
import { dateText } from '../revenue/revenue.json.ts';
import { validDate } from '../revenue/revenue.service.ts';
import { sendCsv } from '../http/csv-reply.ts';
import { fieldError } from '../shared/errors.ts';
import { orderIndexFile } from './order-index.csv.ts';
import { indexedOrderSchema } from './books.schemas.ts';
import { orderIndexItem } from './order-index.json.ts';
import { currentSettings, type OrderIndexFilter, allOrders, countOrders, listOrders } from './books.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
const statuses = Object.values(orderStatus);

const filterQuery = Type.Object({
  status: Type.Optional(Type.Integer({ enum: statuses, description: 'order_status: 0 created … 4 cancelled' })),
  room: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'Engine room id' })),
  payment: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'Payment method id' })),
  from: Type.Optional(dateText('First business day the order was placed in, inclusive')),
  to: Type.Optional(dateText('Last business day the order was placed in, inclusive')),
  q: Type.Optional(Type.String({ maxLength: 100, description: 'Any part of the order number, username, real name or bank reference' })),
});

function orderFilter(query: Static<typeof filterQuery>): OrderIndexFilter {
  for (const field of ['from', 'to'] as const) {
    const day = query[field];
    if (day !== undefined && !validDate(day)) throw fieldError(field, 'validation', 'Give a real date (YYYY-MM-DD).');
  }
  if (query.from !== undefined && query.to !== undefined && query.from > query.to)
    throw fieldError('from', 'validation', 'The first day must not be after the last.');
  return {
    status: query.status as OrderStatus | undefined,
    roomId: query.room,
    paymentMethodId: query.payment,
    from: query.from,
    to: query.to,
    query: query.q,
  };
}

/**
 * The orders index (issue 35, item 3): every order, not only the queues' ones, narrowed by status,
 * room, payment method, business days and text, paged on the server; and the same list as CSV.
 * Administrators only (not on the reviewers' list): it names members and their payers. It lives with
 * the books: the accountant reads it with them, and it reads the business days as they do.
 */
export const orderAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/v1/orders',
    {
      schema: {
        tags,
        summary: 'All orders, newest first, narrowed by status, room, payment method, business days and text; paged',
        querystring: Type.Object({ ...filterQuery.properties, page: pageField }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(indexedOrderSchema)) },
      },
    },
    async (request) => {
      const filter = orderFilter(request.query);
      const { page = 1 } = request.query;
      const [total, rows] = await Promise.all([countOrders(app.db, filter), listOrders(app.db, filter, pageOffset(page), perPageDefault)]);
      return success(paginate(request, page, total, rows.map(orderIndexItem)));
    },
  );

  app.get(
    '/admin/v1/orders.csv',
    {
      schema: {
        tags,
        summary: 'The orders the same filters find, as CSV (UTF-8 with BOM, decimal amounts, business-zone times); streamed',
        querystring: filterQuery,
        security: bearer,
        response: { 200: { content: { 'text/csv': { schema: Type.String() } } } },
      },
    },
    async (request, reply) => {
      const filter = orderFilter(request.query);
      const { business_time_zone: timeZone } = await currentSettings(app.db, app.config);
      return sendCsv(reply, 'orders.csv', orderIndexFile.header(timeZone), allOrders(app.db, filter), orderIndexFile.line(timeZone));
    },
  );
};
