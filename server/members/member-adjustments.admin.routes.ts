import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { parseAmountAtLeast } from '../http/amount-input.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { amountText, envelopeOf, multilineText } from '../http/schemas.ts';
import { approveAdjustment, rejectAdjustment, requestAdjustment } from './member-adjustment.service.ts';
import { countAdjustments, findAdjustment, listAdjustments } from './member-access.service.ts';
import { adjustmentJson } from './member-adjustments.json.ts';
import { adjustmentSchema, adjustmentStatuses } from './members.schemas.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
const memberParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const adjustmentParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
export const amountPositiveMessage = 'The amount must be greater than 0.';

/** Customer service's credits and debits of a member's main wallet (administrators; decision 060). */
export const memberAdjustmentAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const answer = async (id: string) => {
    const row = await findAdjustment(app.db, id);
    if (row === undefined) throw new Error(`adjustment ${id} vanished`);
    return adjustmentJson(row);
  };

  app.post(
    '/admin/v1/members/:id/adjustments',
    {
      schema: {
        tags,
        summary:
          'Credit or debit the member’s main wallet with a reason, from customer service’s ledger account: posted at once up to ADJUSTMENT_APPROVAL_POINTS (201, status posted, the member told), above it waiting for a second administrator (201, status pending). A debit larger than the wallet is 409 main_wallet_insufficient, nothing stored. The same Idempotency-Key again answers 200 with the first; with another request 409',
        params: memberParams,
        headers: Type.Object({
          'idempotency-key': Type.String({
            minLength: 8,
            maxLength: 128,
            pattern: '^[\\x21-\\x7e]+$',
            description: 'One per request the operator means',
          }),
        }),
        body: Type.Object({
          direction: Type.Union([Type.Literal('credit'), Type.Literal('debit')]),
          amount: amountText({ description: 'Points above 0, at most 4 decimals' }),
          reason: multilineText({ maxLength: 500, description: 'Why; kept in the audit log and told to the member (required)' }),
        }),
        security: bearer,
        response: { 200: envelopeOf(adjustmentSchema), 201: envelopeOf(adjustmentSchema) },
      },
    },
    async (request, reply) => {
      const amount = parseAmountAtLeast(request.body.amount, 1n, 'validation', amountPositiveMessage);
      const outcome = await requestAdjustment(app.db, app.config, operatorOf(request).operatorId, {
        userId: request.params.id,
        direction: request.body.direction,
        amount,
        reason: request.body.reason,
        requestKey: request.headers['idempotency-key'],
      });
      const message = outcome.status === 'posted' ? 'Adjustment posted' : 'Adjustment waiting for a second administrator';
      return reply.status(outcome.replayed ? 200 : 201).send(success(await answer(outcome.id), message));
    },
  );

  app.get(
    '/admin/v1/members/:id/adjustments',
    {
      schema: {
        tags,
        summary: 'The member’s credits and debits by customer service, newest first',
        params: memberParams,
        querystring: Type.Object({ page: pageField }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(adjustmentSchema)) },
      },
    },
    async (request) => {
      const { page = 1 } = request.query;
      const filter = { userId: request.params.id };
      const [total, rows] = await Promise.all([
        countAdjustments(app.db, filter),
        listAdjustments(app.db, filter, pageOffset(page), perPageDefault),
      ]);
      return success(paginate(request, page, total, rows.map(adjustmentJson)));
    },
  );

  app.get(
    '/admin/v1/adjustments',
    {
      schema: {
        tags,
        summary: 'Every member’s credits and debits in one status (default pending: waiting for a second administrator), newest first',
        querystring: Type.Object({ status: Type.Optional(adjustmentStatuses), page: pageField }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(adjustmentSchema)) },
      },
    },
    async (request) => {
      const { status = 'pending', page = 1 } = request.query;
      const [total, rows] = await Promise.all([
        countAdjustments(app.db, { status }),
        listAdjustments(app.db, { status }, pageOffset(page), perPageDefault),
      ]);
      return success(paginate(request, page, total, rows.map(adjustmentJson)));
    },
  );

  app.post(
    '/admin/v1/adjustments/:id/approve',
    {
      schema: {
        tags,
        summary:
          'A second administrator posts a waiting adjustment (403 adjustment_own for the one who asked; 409 adjustment_not_pending when decided; 409 main_wallet_insufficient for a debit the wallet no longer holds, left waiting)',
        params: adjustmentParams,
        body: Type.Object({ note: Type.Optional(multilineText({ maxLength: 500 })) }),
        security: bearer,
        response: { 200: envelopeOf(adjustmentSchema) },
      },
    },
    async (request) => {
      const id = String(request.params.id);
      const note = request.body.note?.trim() ?? '';
      await approveAdjustment(app.db, operatorOf(request).operatorId, id, note === '' ? null : note);
      return success(await answer(id), 'Adjustment posted');
    },
  );

  app.post(
    '/admin/v1/adjustments/:id/reject',
    {
      schema: {
        tags,
        summary: 'Turn a waiting adjustment down with a reason (the one who asked may, to take it back); nothing moves',
        params: adjustmentParams,
        body: Type.Object({ note: multilineText({ maxLength: 500, description: 'Why (required)' }) }),
        security: bearer,
        response: { 200: envelopeOf(adjustmentSchema) },
      },
    },
    async (request) => {
      const id = String(request.params.id);
      await rejectAdjustment(app.db, operatorOf(request).operatorId, id, request.body.note);
      return success(await answer(id), 'Adjustment turned down');
    },
  );
};
