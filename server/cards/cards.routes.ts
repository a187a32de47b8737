import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { memberOf, requireMember } from '../auth/auth.guard.ts';
import { success } from '../http/envelope.ts';
import { withdrawableFrom, type CooldownMember } from '../shared/withdrawal-cooldown.ts';
import { envelopeOf, idParams, recordId } from '../http/schemas.ts';
import { cardKeyOf } from './card-key.ts';
import { cardBody, cardJsonSchema } from './cards.schemas.ts';
import { existingMember } from '../users/users.service.ts';
import { addCard, cardJson, editCard, listCards, ownCard, removeCard, type CardRow } from './cards.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['bank cards'];

export const cardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireMember);
  const member = (userId: number) => existingMember(app.db, userId);
  /** A card as the member reads it, with when withdrawals may next go to it (their password's last change and own cool-down count too). */
  const shown = (card: CardRow, whole: boolean, user: CooldownMember) =>
    cardJson(cardKeyOf(app), card, whole, withdrawableFrom(card.number_changed_at, user, app.config.withdrawalCooldownMs, new Date()));

  app.get(
    '/v1/bankcard',
    {
      schema: {
        tags,
        summary: 'The member’s bank cards, numbers masked',
        security: bearer,
        response: { 200: envelopeOf(Type.Array(cardJsonSchema)) },
      },
    },
    async (request) => {
      const userId = memberOf(request).userId;
      const [cards, user] = await Promise.all([listCards(app.db, userId), member(userId)]);
      return success(cards.map((card) => shown(card, false, user)));
    },
  );

  app.get(
    '/v1/bankcard/:id',
    {
      schema: {
        tags,
        summary: 'One of the member’s cards, with its whole number',
        params: idParams,
        security: bearer,
        response: { 200: envelopeOf(cardJsonSchema) },
      },
    },
    async (request) => {
      const userId = memberOf(request).userId;
      const [card, user] = await Promise.all([ownCard(app.db, userId, recordId(request.params)), member(userId)]);
      return success(shown(card, true, user));
    },
  );

  app.post(
    '/v1/bankcard',
    {
      schema: {
        tags,
        summary: 'Add a card in the member’s verified name (402 otherwise, with the reason as detail)',
        body: cardBody,
        security: bearer,
        response: { 201: envelopeOf(cardJsonSchema) },
      },
    },
    async (request, reply) => {
      const user = await member(memberOf(request).userId);
      const card = await addCard(app.db, cardKeyOf(app), user, request.body);
      return reply.status(201).send(success(shown(card, false, user), 'Bank card added'));
    },
  );

  app.put(
    '/v1/bankcard/:id',
    {
      schema: {
        tags,
        summary: 'Edit a card; a new number restarts the withdrawal wait',
        params: idParams,
        body: cardBody,
        security: bearer,
        response: { 200: envelopeOf(cardJsonSchema) },
      },
    },
    async (request) => {
      const user = await member(memberOf(request).userId);
      const card = await editCard(app.db, cardKeyOf(app), user, recordId(request.params), request.body);
      return success(shown(card, false, user), 'Bank card updated');
    },
  );

  app.delete(
    '/v1/bankcard/:id',
    {
      schema: {
        tags,
        summary: 'Remove a card from the list (its withdrawals keep their history)',
        params: idParams,
        security: bearer,
        response: { 200: envelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await removeCard(app.db, memberOf(request).userId, recordId(request.params));
      return success(null, 'Bank card deleted');
    },
  );
};
