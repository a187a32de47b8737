import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { memberOf, requireMember } from '../auth/auth.guard.ts';
import { success } from '../http/envelope.ts';
import { notFound } from '../shared/errors.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf, idParams, recordId } from '../http/schemas.ts';
import { ordersJson } from './order.json.ts';
import { newOrderBody, orderSchema, orderUpdateBody } from './order.schemas.ts';
import { createOrder, memberOrder, updateOrder, countOrders, listOrders } from './order.service.ts';
import { partnerOriginHeaders, partnerSiteOf } from '../partner-sites/partner-origin.ts';

const bearer = [{ bearer: [] }];
const tags = ['orders'];

/** The member's orders: create, change while unpaid, list and read. */
export const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireMember);

  app.post(
    '/v1/order',
    {
      schema: {
        tags,
        summary: 'Order a share of a product; the order waits for payment (status 1) with a number to write on the transfer',
        headers: partnerOriginHeaders,
        body: newOrderBody,
        security: bearer,
        response: { 201: envelopeOf(orderSchema) },
      },
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      // Attribution only: the header is the client's word (decision 017).
      const site = partnerSiteOf(app.partnerSites, request.headers);
      const id = await createOrder(app.db, userId, request.body, app.config.demoMode, new Date(), site?.id ?? null);
      return reply.status(201).send(success(await memberOrder(app.db, userId, id), 'Order created'));
    },
  );

  app.put(
    '/v1/order/:id',
    {
      schema: {
        tags,
        summary: 'Change an order while it waits for payment (409 afterwards); fields left out keep their values',
        params: idParams,
        body: orderUpdateBody,
        security: bearer,
        response: { 200: envelopeOf(orderSchema) },
      },
    },
    async (request) => {
      const { userId } = memberOf(request);
      const id = recordId(request.params);
      if (id === undefined) throw notFound('order_not_found', 'Order not found');
      await updateOrder(app.db, userId, String(id), request.body, app.config.demoMode);
      return success(await memberOrder(app.db, userId, String(id)), 'Order updated');
    },
  );

  app.get(
    '/v1/order',
    {
      schema: {
        tags,
        summary: 'The member’s orders, newest first',
        querystring: Type.Object({ page: pageField }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(orderSchema)) },
      },
    },
    async (request) => {
      const { userId } = memberOf(request);
      const page = request.query.page ?? 1;
      const [total, rows] = await Promise.all([countOrders(app.db, userId), listOrders(app.db, userId, pageOffset(page), perPageDefault)]);
      return success(paginate(request, page, total, await ordersJson(app.db, rows)));
    },
  );

  app.get(
    '/v1/order/:id',
    {
      schema: {
        tags,
        summary: 'One of the member’s orders (403 for another member’s)',
        params: idParams,
        security: bearer,
        response: { 200: envelopeOf(orderSchema) },
      },
    },
    async (request) => {
      const id = recordId(request.params);
      if (id === undefined) throw notFound('order_not_found', 'Order not found');
      return success(await memberOrder(app.db, memberOf(request).userId, String(id)));
    },
  );
};
