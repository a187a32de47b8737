import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { memberOf, requireMember } from '../auth/auth.guard.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf } from '../http/schemas.ts';
import { parseTransferAmount } from '../wallet/transfer-amount.ts';
import { withdrawalJson } from './withdrawal.json.ts';
import { withdrawBody, withdrawalSchema } from './withdrawals.schemas.ts';
import { requestWithdrawal, countWithdrawals, listWithdrawals } from './withdrawals.service.ts';

const bearer = [{ bearer: [] }];
const idempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' })),
});

/** POST and GET v1/withdraw: the member's withdrawals to their own verified card. */
export const withdrawalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/v1/withdraw',
    {
      onRequest: requireMember,
      schema: {
        tags: ['withdrawals'],
        summary: 'Withdraw from the main wallet to the member’s own card; the amount is held until an operator pays it',
        headers: idempotencyHeaders,
        body: withdrawBody,
        security: bearer,
        response: { 201: envelopeOf(withdrawalSchema), 200: envelopeOf(withdrawalSchema) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { row, replayed } = await requestWithdrawal(app.db, app.config, {
        userId: memberOf(request).userId,
        cardId: body.bankcard_id,
        amount: parseTransferAmount(body.amount),
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.status(replayed ? 200 : 201).send(success(withdrawalJson(row), 'Withdrawal requested'));
    },
  );

  app.get(
    '/v1/withdraw',
    {
      onRequest: requireMember,
      schema: {
        tags: ['withdrawals'],
        summary: 'The member’s withdrawals, newest first',
        querystring: Type.Object({ page: pageField }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(withdrawalSchema)) },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const filter = { userId: memberOf(request).userId };
      const [total, rows] = await Promise.all([
        countWithdrawals(app.db, filter),
        listWithdrawals(app.db, filter, pageOffset(page), perPageDefault),
      ]);
      return success(paginate(request, page, total, rows.map(withdrawalJson)));
    },
  );
};
