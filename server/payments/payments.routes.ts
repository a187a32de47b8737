import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { memberOf, requireMember } from '../auth/auth.guard.ts';
import { memberOrder } from '../orders/order.service.ts';
import { success } from '../http/envelope.ts';
import { envelopeOf, multilineText } from '../http/schemas.ts';
import { noticeSchema } from './payments.schemas.ts';
import { submitNotice } from './notice.service.ts';
import { uploadPath, findNotice } from './payments.service.ts';

/** POST v1/orderNotice: the member reports a remittance for an order. */
export const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/v1/orderNotice',
    {
      onRequest: requireMember,
      schema: {
        tags: ['orders'],
        summary: 'Notify payment of an order with the last five digits of the paying account and a photo of the transfer',
        body: Type.Object({
          order_id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
          account_back_five: Type.String({ pattern: '^[0-9]{5}$', description: 'Exactly 5 digits' }),
          image: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'An upload id from POST v1/image/upload' }),
          remark: Type.Optional(multilineText({ maxLength: 200 })),
          remittance_account_id: Type.Optional(
            Type.Integer({
              minimum: 1,
              maximum: 2_147_483_647,
              description: 'The receiving account paid into, from GET v1/remittanceAccount (optional; refused when it takes no payments)',
            }),
          ),
        }),
        security: [{ bearer: [] }],
        response: { 201: envelopeOf(noticeSchema) },
      },
    },
    async (request, reply) => {
      const { userId } = memberOf(request);
      const id = await submitNotice(app.db, app.config.demoMode, userId, request.body);
      const notice = await findNotice(app.db, id);
      if (notice === undefined) throw new Error('notice vanished after insert');
      const order = await memberOrder(app.db, userId, notice.order_id);
      return reply.status(201).send(
        success(
          {
            id: Number(notice.id),
            order_id: Number(notice.order_id),
            account_back_five: notice.account_back_five,
            image: Number(notice.upload_id),
            image_path: uploadPath(notice.upload_id),
            remark: notice.remark,
            status: notice.status,
            created_at: new Date(notice.created_at).toISOString(),
            order,
          },
          'Payment notice received',
        ),
      );
    },
  );
};
