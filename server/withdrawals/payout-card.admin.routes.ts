import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { cardKeyOf } from '../cards/card-key.ts';
import { success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';
import { revealPayoutCard } from './payout-card.service.ts';
import { payoutCardSchema } from './withdrawals.schemas.ts';

/** The payout's card in full, on request and audited: what an operator types into the bank's transfer form. */
export const payoutCardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post<{ Params: { id: number } }>(
    '/admin/v1/withdrawals/:id/card',
    {
      schema: {
        tags: ['operators'],
        summary: 'Reveal the whole card number, bank, branch, region and holder a withdrawal is paid to (each reveal is audited)',
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }),
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(payoutCardSchema) },
      },
    },
    async (request, reply) => {
      const card = await revealPayoutCard(app.db, cardKeyOf(app), operatorOf(request).operatorId, request.params.id);
      // A whole card number is never kept by a browser or proxy cache.
      void reply.header('cache-control', 'no-store');
      return success(card);
    },
  );
};
