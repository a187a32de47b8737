import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { amountTooSmallMessage } from './transfer-amount.ts';
import { memberOf, requireMember } from '../auth/auth.guard.ts';
import type { TransferType } from '../db/schema.ts';
import { memberBalances } from '../ledger/accounts.ts';
import { partnerCityNotFoundMessage } from '../partners/partner-directory.ts';
import { success } from '../http/envelope.ts';
import { ApiError, notFound } from '../shared/errors.ts';
import { pointsToNumber } from '../shared/money.ts';
import { envelopeOf, errorEnvelope } from '../http/schemas.ts';
import { parseTransferAmount, wholeRemainder } from './transfer-amount.ts';
import { transfer, type PartnerCity, findPartnerCity, listPartnerCities } from './transfer.service.ts';
import { transferJson } from './wallet.json.ts';
import { transferRecordSchema } from './wallet.schemas.ts';
import { mainWalletSchema, partnerCityParams, partnerWalletSchema, transferBody, transferHeaders } from './wallet.schemas.ts';

const bearer = [{ bearer: [] }];

/** A partner city's id from the path, or 404 for one that cannot name a city. */
function partnerCityIdOf(params: { id: string }): number {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound('partner_city_not_found', partnerCityNotFoundMessage);
  return id;
}

async function partnerCityOf(app: FastifyInstance, params: { id: string }): Promise<PartnerCity> {
  const city = await findPartnerCity(app.db, partnerCityIdOf(params));
  if (city === undefined) throw notFound('partner_city_not_found', partnerCityNotFoundMessage);
  return city;
}

export const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/userWallet',
    {
      onRequest: requireMember,
      schema: { tags: ['wallet'], summary: 'The main wallet’s balance', security: bearer, response: { 200: envelopeOf(mainWalletSchema) } },
    },
    async (request) => {
      const balances = await memberBalances(app.db, memberOf(request).userId);
      return success({ main_wallet: pointsToNumber(balances.main) });
    },
  );

  app.get(
    '/v1/enjoycity',
    {
      onRequest: requireMember,
      schema: {
        tags: ['wallet'],
        summary: 'The member’s partner-city wallets',
        description:
          'One wallet per partner city. `id` and `enjoy_city_item.id` are both the partner city id used in /v1/enjoycity/{id}/… paths.',
        security: bearer,
        response: { 200: envelopeOf(Type.Array(partnerWalletSchema)) },
      },
    },
    async (request) => {
      const userId = memberOf(request).userId;
      const [cities, balances] = await Promise.all([listPartnerCities(app.db), memberBalances(app.db, userId)]);
      const wallets = await Promise.all(
        cities.map(async (city) => {
          let balance: bigint;
          try {
            balance =
              city.kind === 'internal'
                ? (balances.partners.get(city.id) ?? 0n)
                : await app.partners.adapterFor(city).balance(app.db, userId, city.id);
          } catch (error) {
            // One partner platform that cannot answer must not hide the member's other wallets; its own row waits.
            if (!(error instanceof ApiError) || error.code !== 'partner_unavailable') throw error;
            request.log.warn({ partnerCityId: city.id }, 'partner balance unavailable');
            return undefined;
          }
          return {
            id: city.id,
            name: city.name,
            names: city.names,
            disabled: city.disabled,
            balance: pointsToNumber(balance),
            enjoy_city_item: { id: city.id },
          };
        }),
      );
      return success(wallets.filter((wallet) => wallet !== undefined));
    },
  );

  app.post(
    '/v1/enjoycity/:id/getBalance',
    {
      onRequest: requireMember,
      schema: {
        tags: ['wallet'],
        summary: 'The balance of one partner-city wallet',
        params: partnerCityParams,
        security: bearer,
        response: { 200: envelopeOf(Type.Number({ description: 'Points, 4 decimals' })), 404: errorEnvelope },
      },
    },
    async (request) => {
      const city = await partnerCityOf(app, request.params);
      const balance = await app.partners.adapterFor(city).balance(app.db, memberOf(request).userId, city.id);
      return success(pointsToNumber(balance));
    },
  );

  const transferRoute = (type: TransferType, summary: string) =>
    app.post(
      `/v1/enjoycity/:id/${type}`,
      {
        onRequest: requireMember,
        schema: {
          tags: ['wallet'],
          summary,
          description:
            'Answers 201 with the new transaction record (status 2 completed, or 1 accepted by an external partner), 200 with the first record when the Idempotency-Key was used before, ' +
            `422 "${amountTooSmallMessage}", 422 for too little balance (the failed record, kept in the history, is the detail), 409 for a key reused with another body, ` +
            '503 with detail "failed to write database" when nothing could be written.',
          params: partnerCityParams,
          headers: transferHeaders,
          body: transferBody,
          security: bearer,
          response: { 200: envelopeOf(transferRecordSchema), 201: envelopeOf(transferRecordSchema) },
        },
      },
      async (request, reply) => {
        const partnerCityId = partnerCityIdOf(request.params);
        let amount: bigint;
        try {
          amount = parseTransferAmount(request.body.amount);
        } catch (error) {
          // An unknown city is answered first, as it always was; only a refused amount pays for the look-up.
          const city = await partnerCityOf(app, request.params);
          // Below the minimum, a move back of the partner wallet's whole balance still goes (nothing is stranded there).
          // A deposit landing between this read and the move leaves a small move of money the member has: harmless.
          const whole =
            type === 'withdrawal'
              ? wholeRemainder(request.body.amount, await app.partners.adapterFor(city).balance(app.db, memberOf(request).userId, city.id))
              : undefined;
          if (whole === undefined) throw error;
          amount = whole;
        }
        const idempotencyKey = request.headers['idempotency-key'];
        // The city is read inside the transfer's own round trip (migration 0022).
        const { record, replayed } = await transfer(
          app.db,
          app.partners,
          { userId: memberOf(request).userId, partnerCityId, type, amount, idempotencyKey },
          request.log,
        );
        return reply.status(replayed ? 200 : 201).send(success(transferJson(record), 'Transfer successful'));
      },
    );
  transferRoute('deposit', 'Move points from the main wallet to a partner-city wallet (trade type 4)');
  transferRoute('withdrawal', 'Move points from a partner-city wallet back to the main wallet (trade type 2)');
};
