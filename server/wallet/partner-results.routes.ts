import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { transferStatus } from '../../contract/statuses.ts';
import { cardKeyOf } from '../cards/card-key.ts';
import { success } from '../http/envelope.ts';
import { checkJsonShape } from '../http/json-body.ts';
import { envelopeOf } from '../http/schemas.ts';
import { ApiError, notFound } from '../shared/errors.ts';
import { settleTransfer } from './transfer-settlement.ts';
import { transferJson } from './wallet.json.ts';
import { transferRecordSchema } from './wallet.schemas.ts';
import type { PartnerAnswer } from '../partners/partner-adapter.ts';
import { verifySignature } from '../partners/partner-signature.ts';
import { platformSettings } from '../partners/platform-settings.ts';
import { findTransfer } from './transfer.service.ts';

export const signatureInvalidMessage = 'This request is not signed by the partner platform';
export const alreadySettledMessage = 'This transfer was already settled with another outcome';
const transferNotFoundMessage = 'Transfer not found';
/** An outcome is a few dozen bytes; anything much larger is not one. */
const resultBytesMax = 4 * 1024;

const resultBody = Type.Object({
  status: Type.Union([Type.Literal('completed'), Type.Literal('failed')]),
  reason: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'Why it failed, shown to the member; required when failed' }),
  ),
});
export const reasonRequiredMessage = 'Say why the transfer failed.';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as it arrived, for the signature check of a partner platform's request. */
    rawBody?: string;
  }
}

/**
 * Where a partner platform reports what became of a transfer we handed it (decision 031): signed
 * with the city's key id and secret, so nobody else can complete or fail a member's transfer. The
 * first outcome counts; the same outcome again answers the same record, another one is 409.
 */
export const partnerResultRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Scoped to this plugin: the signature covers the bytes as sent, so they are kept beside the parsed body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: resultBytesMax }, (request, body, done) => {
    (request as FastifyRequest).rawBody = String(body);
    try {
      checkJsonShape(String(body));
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    try {
      done(null, JSON.parse(String(body)) as unknown);
    } catch {
      done(new ApiError(400, 'malformed_request', 'The body is not JSON'), undefined);
    }
  });

  app.post(
    '/v1/partners/:cityId/transfers/:transferId/result',
    {
      schema: {
        tags: ['partners'],
        summary: "A partner platform reports a transfer's outcome (signed: x-gs-key, x-gs-timestamp, x-gs-signature)",
        description:
          'The signature is the hex HMAC-SHA256, under the secret the platform gave the operator, of the Unix time in seconds, the method, ' +
          'the path and the raw body, one per line. Answers 200 with the transfer record, 401 when the signature is missing, wrong or more ' +
          "than five minutes off, 404 for a transfer that is not this city's, 409 when it was already settled with another outcome.",
        params: Type.Object({ cityId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), transferId: Type.Integer({ minimum: 1 }) }),
        body: resultBody,
        response: { 200: envelopeOf(transferRecordSchema) },
      },
      // Before the body is validated: a stranger learns nothing about what a valid body looks like.
      preValidation: async (request) => {
        // Parameters are still text here, whatever their declared type says (validation comes after): Number() reads either.
        const cityId = Number(request.params.cityId);
        const settings =
          Number.isSafeInteger(cityId) && cityId >= 1 && cityId <= 2_147_483_647
            ? await platformSettings(app.db, cardKeyOf(app), cityId)
            : undefined;
        const path = request.url.split('?')[0] ?? '';
        const verdict =
          settings === undefined ? 'unknown_key' : verifySignature(settings, request.headers, request.method, path, request.rawBody ?? '');
        if (verdict !== 'valid') {
          request.log.warn({ cityId, verdict }, 'partner result refused');
          throw new ApiError(401, 'partner_signature_invalid', signatureInvalidMessage);
        }
      },
    },
    async (request) => {
      const { cityId, transferId } = request.params;
      const record = await findTransfer(app.db, String(transferId));
      if (record === undefined || record.partner_city_id !== cityId) throw notFound('transfer_not_found', transferNotFoundMessage);
      const { status, reason } = request.body;
      if (status === 'failed' && reason === undefined)
        throw new ApiError(422, 'validation', reasonRequiredMessage, { errors: { reason: [reasonRequiredMessage] } });
      const answer: PartnerAnswer = status === 'failed' ? { status, reason: reason ?? '' } : { status };
      const settled = await settleTransfer(app.db, app.partners, record.id, answer);
      const expected = answer.status === 'completed' ? transferStatus.completed : transferStatus.failed;
      if (settled.status !== expected)
        throw new ApiError(409, 'transfer_already_settled', alreadySettledMessage, { detail: transferJson(settled) });
      return success(transferJson(settled), 'Transfer settled');
    },
  );
};
