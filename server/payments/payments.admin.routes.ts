import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { pointsToNumber } from '../shared/money.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf, multilineText } from '../http/schemas.ts';
import { queuedNoticeSchema, refundSchema, refundStatusSchema } from './payments.schemas.ts';
import { confirmOrder, rejectNotice } from './confirmation.service.ts';
import { payRefund } from './refunds.service.ts';
import { undoPaymentDecision } from './undo.service.ts';
import { orderStatus } from '../../contract/statuses.ts';
import { uploadPath, type NoticeRow, countNotices, listNotices, countRefunds, listRefunds } from './payments.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
const statuses = ['pending', 'confirmed', 'rejected', 'refunded'] as const;
const orderParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
const text = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

const decisionSchema = Type.Object({ order_id: Type.Integer(), order_status: Type.Integer() });
const confirmedSchema = Type.Object({
  order_id: Type.Integer(),
  order_status: Type.Integer({ description: '3 paid off; 4 cancelled, held for refund to a different payer' }),
  refund_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The refund to the different payer, when there is one' }),
});

function adminNoticeJson(row: NoticeRow) {
  return {
    id: Number(row.id),
    status: row.status,
    account_back_five: row.account_back_five,
    image_path: uploadPath(row.upload_id),
    remark: row.remark,
    created_at: new Date(row.created_at).toISOString(),
    decided_at: row.decided_at === null ? null : new Date(row.decided_at).toISOString(),
    order: {
      id: Number(row.order_id),
      order_number: row.order_number,
      order_status: row.order_status,
      total_amount: pointsToNumber(row.amount),
      created_at: new Date(row.order_created_at).toISOString(),
    },
    member: {
      id: row.user_id,
      username: row.username,
      realname: row.verification_status === 'approved' ? row.realname : null,
      verification_status: row.verification_status,
      account_status: row.account_status,
    },
    remittance_account:
      row.account_id === null
        ? null
        : {
            id: row.account_id,
            bank_name: row.account_bank_name ?? '',
            account_number: row.account_number ?? '',
            demo: row.account_demo === true,
          },
  };
}

/** The operators' payment queue: notices to check against the bank statement, then confirm or reject. */
export const paymentAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/v1/order-notices',
    {
      schema: {
        tags,
        summary: 'Payment notices by status (default pending), oldest first, with order, member and proof photo',
        querystring: Type.Object({ status: Type.Optional(Type.Union(statuses.map((status) => Type.Literal(status)))), page: pageField }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(queuedNoticeSchema)) },
      },
    },
    async (request) => {
      const { status = 'pending', page = 1 } = request.query;
      const [total, rows] = await Promise.all([
        countNotices(app.db, status),
        listNotices(app.db, status, pageOffset(page), perPageDefault),
      ]);
      return success(paginate(request, page, total, rows.map(adminNoticeJson)));
    },
  );

  app.post(
    '/admin/v1/orders/:id/confirm',
    {
      schema: {
        tags,
        summary:
          'Confirm the remittance of an order waiting confirmation: paid off (3) when payer_name is the member’s verified real name; another name is refused (409 payer_name_differs, nothing changed) unless different_payer is true with a reason and the payer’s bank and account: then nothing is credited, the order is cancelled (4) and held for refund to the payer; the member is not suspended (decision 050)',
        params: orderParams,
        body: Type.Object({
          payer_name: text(100),
          bank_reference: text(120),
          different_payer: Type.Optional(
            Type.Boolean({ description: 'The operator marks, on purpose, that someone other than the member paid' }),
          ),
          different_payer_reason: Type.Optional(Type.String({ maxLength: 500 })),
          payer_bank: Type.Optional(Type.String({ maxLength: 120, description: 'The bank the payment came from (where the refund goes)' })),
          payer_account: Type.Optional(
            Type.String({ maxLength: 120, description: 'The payer’s account number or reference, as on the statement' }),
          ),
        }),
        security: bearer,
        response: { 200: envelopeOf(confirmedSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const outcome = await confirmOrder(app.db, operatorOf(request).operatorId, String(id), {
        payerName: body.payer_name,
        bankReference: body.bank_reference,
        ...(body.different_payer === true
          ? {
              differentPayer: {
                reason: body.different_payer_reason ?? '',
                bank: body.payer_bank ?? '',
                account: body.payer_account ?? '',
              },
            }
          : {}),
      });
      return outcome.matched
        ? success({ order_id: id, order_status: orderStatus.paidOff, refund_id: null }, 'Payment confirmed')
        : success(
            { order_id: id, order_status: orderStatus.cancelled, refund_id: Number(outcome.refundId) },
            'Payment held for refund to the payer',
          );
    },
  );

  app.post(
    '/admin/v1/orders/:id/undo',
    {
      schema: {
        tags,
        summary:
          'Administrators: undo a rejected payment notice or a different-payer refund on the business day it was decided, before the refund is paid; the order waits for confirmation again (2) (decision 050)',
        params: orderParams,
        body: Type.Object({ reason: multilineText({ minLength: 1, maxLength: 500, pattern: '\\S' }) }),
        security: bearer,
        response: { 200: envelopeOf(decisionSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const outcome = await undoPaymentDecision(app.db, operatorOf(request).operatorId, String(id), request.body.reason);
      return success({ order_id: id, order_status: outcome.orderStatus }, 'Decision undone');
    },
  );

  app.post(
    '/admin/v1/orders/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject the payment notice of an order waiting confirmation: the order waits for payment again (1) with the reason',
        params: orderParams,
        body: Type.Object({ reason: multilineText({ minLength: 1, maxLength: 500, pattern: '\\S' }) }),
        security: bearer,
        response: { 200: envelopeOf(decisionSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await rejectNotice(app.db, operatorOf(request).operatorId, String(id), request.body.reason);
      return success({ order_id: id, order_status: orderStatus.pendingPayment }, 'Payment notice rejected');
    },
  );

  app.get(
    '/admin/v1/refunds',
    {
      schema: {
        tags,
        summary: 'Payments to return to a payer who was not the member (default owed), oldest first',
        querystring: Type.Object({ status: Type.Optional(refundStatusSchema), page: pageField }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(refundSchema)) },
      },
    },
    async (request) => {
      const { status = 'owed', page = 1 } = request.query;
      const [total, rows] = await Promise.all([
        countRefunds(app.db, status),
        listRefunds(app.db, status, pageOffset(page), perPageDefault),
      ]);
      const items = rows.map((row) => ({
        id: Number(row.id),
        order_id: Number(row.order_id),
        order_number: row.order_number,
        member: { id: row.user_id, username: row.username },
        payer_name: row.payer_name,
        payer_bank: row.payer_bank,
        payer_account: row.payer_account,
        reason: row.reason,
        bank_reference: row.bank_reference,
        amount: pointsToNumber(row.amount),
        status: row.status,
        created_at: new Date(row.created_at).toISOString(),
      }));
      return success(paginate(request, page, total, items));
    },
  );

  app.post(
    '/admin/v1/refunds/:id/pay',
    {
      schema: {
        tags,
        summary: 'Record that an owed refund was sent back to the payer (409 when already paid)',
        params: orderParams,
        body: Type.Object({ bank_reference: text(120) }),
        security: bearer,
        response: { 200: envelopeOf(Type.Object({ refund_id: Type.Integer(), status: Type.Literal('paid') })) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await payRefund(app.db, operatorOf(request).operatorId, String(id), request.body.bank_reference);
      return success({ refund_id: id, status: 'paid' as const }, 'Refund paid');
    },
  );
};
