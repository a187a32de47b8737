import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { withdrawalClaimMinutes } from '../../contract/limits.ts';
import { operatorOf } from '../auth/operator.guard.ts';
import type { WithdrawalStatus } from '../db/schema-members-money.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf, multilineText } from '../http/schemas.ts';
import { withdrawalJson } from './withdrawal.json.ts';
import { queuedWithdrawalSchema, withdrawalSchema } from './withdrawals.schemas.ts';
import { claim, decide, liveClaim, release, type WithdrawalRow, countWithdrawals, listWithdrawals } from './withdrawals.service.ts';
import { withdrawalStatus } from '../../contract/statuses.ts';

const bearer = [{ bearer: [] }];

/** The queue's filter names are the contract's status names. */
const statusNames: Record<string, WithdrawalStatus> = withdrawalStatus;
const idParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

/** The operators' payout queue. */
export const withdrawalAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const adminJson = (row: WithdrawalRow) => ({
    ...withdrawalJson(row),
    user_id: row.user_id,
    cardholder: row.cardholder,
    claim: liveClaim(row),
  });

  app.get(
    '/admin/v1/withdrawals',
    {
      schema: {
        tags: ['operators'],
        summary: 'Withdrawals by status (default accepted, oldest first), with the card to pay',
        querystring: Type.Object({
          status: Type.Optional(Type.Union(Object.keys(statusNames).map((name) => Type.Literal(name)))),
          page: pageField,
        }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(queuedWithdrawalSchema)) },
      },
    },
    async (request) => {
      const { status = 'accepted', page = 1 } = request.query;
      const filter = { status: statusNames[status] ?? withdrawalStatus.accepted };
      const [total, rows] = await Promise.all([
        countWithdrawals(app.db, filter),
        listWithdrawals(app.db, filter, pageOffset(page), perPageDefault),
      ]);
      return success(paginate(request, page, total, rows.map(adminJson)));
    },
  );

  app.post(
    '/admin/v1/withdrawals/:id/claim',
    {
      schema: {
        tags: ['operators'],
        summary: `Take an accepted withdrawal before sending its bank transfer: for ${withdrawalClaimMinutes} minutes or until released nobody else may pay or reject it; 409 withdrawal_claimed_by_other with who holds it (decision 051)`,
        params: idParams,
        security: bearer,
        response: { 200: envelopeOf(queuedWithdrawalSchema) },
      },
    },
    async (request) => {
      const row = await claim(app.db, operatorOf(request).operatorId, String(request.params.id));
      return success(adminJson(row), 'Withdrawal claimed');
    },
  );

  app.post(
    '/admin/v1/withdrawals/:id/release',
    {
      schema: {
        tags: ['operators'],
        summary: 'Let go of a withdrawal one holds, for someone else to pay; 409 withdrawal_not_claimed when one does not hold it',
        params: idParams,
        security: bearer,
        response: { 200: envelopeOf(queuedWithdrawalSchema) },
      },
    },
    async (request) => {
      const row = await release(app.db, operatorOf(request).operatorId, String(request.params.id));
      return success(adminJson(row), 'Withdrawal released');
    },
  );

  app.post(
    '/admin/v1/withdrawals/:id/pay',
    {
      schema: {
        tags: ['operators'],
        summary:
          'Mark an accepted withdrawal paid out (completed); 409 withdrawal_already_decided when already decided, withdrawal_claimed_by_other while another operator holds it',
        params: idParams,
        body: Type.Object({ bank_reference: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' }) }),
        security: bearer,
        response: { 200: envelopeOf(withdrawalSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { bank_reference: bankReference } = request.body;
      return success(
        withdrawalJson(await decide(app.db, operatorOf(request).operatorId, String(id), { pay: true, bankReference })),
        'Withdrawal paid',
      );
    },
  );

  app.post(
    '/admin/v1/withdrawals/:id/reject',
    {
      schema: {
        tags: ['operators'],
        summary:
          'Reject an accepted withdrawal (failed); the amount returns to the main wallet; 409 withdrawal_claimed_by_other while another operator holds it',
        params: idParams,
        body: Type.Object({ reason: multilineText({ minLength: 1, maxLength: 500, pattern: '\\S' }) }),
        security: bearer,
        response: { 200: envelopeOf(withdrawalSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { reason } = request.body;
      return success(
        withdrawalJson(await decide(app.db, operatorOf(request).operatorId, String(id), { pay: false, reason })),
        'Withdrawal rejected',
      );
    },
  );
};
