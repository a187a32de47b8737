import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { envelopeOf, multilineText } from '../http/schemas.ts';
import { orderStatus } from '../../contract/statuses.ts';
import { refundPaidOrder } from './order-refund.service.ts';

const text = (maxLength: number, description: string) => Type.String({ maxLength, description });

/** Refunding a paid order (administrators; decision 061). */
export const orderRefundAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/v1/orders/:id/refund',
    {
      schema: {
        tags: ['operators'],
        summary:
          'Refund a paid order: cancelled (4), its units leave the room and it earns nothing more; income already paid stays the member’s; the amount is owed back to the bank and account given (paid out from the refunds queue). 409 order_not_paid_off for any other order. Audited; the member is told',
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }),
        body: Type.Object({
          reason: multilineText({ maxLength: 500, description: 'Why; kept in the audit log and on the refund (required)' }),
          payer_bank: text(120, 'The member’s bank the money goes back to (required)'),
          payer_account: text(120, 'The member’s account number there (required)'),
        }),
        security: [{ bearer: [] }],
        response: {
          200: envelopeOf(Type.Object({ order_id: Type.Integer(), order_status: Type.Integer(), refund_id: Type.Integer() })),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const refundId = await refundPaidOrder(app.db, operatorOf(request).operatorId, String(id), {
        reason: request.body.reason,
        bank: request.body.payer_bank,
        account: request.body.payer_account,
      });
      return success({ order_id: id, order_status: orderStatus.cancelled, refund_id: Number(refundId) }, 'Order refunded');
    },
  );
};
