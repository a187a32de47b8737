import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { isTimeZone } from '../config.ts';
import { success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';
import { ApiError } from '../shared/errors.ts';
import { incomeSettingsSchema } from './revenue.schemas.ts';
import { changeSettings, currentSettings, bpToPercent } from './income-settings.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];

/** The income settings: the expected monthly rate, the operator fee and the business time zone. */
export const incomeSettingsAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/v1/settings',
    { schema: { tags, summary: 'The income settings', security: bearer, response: { 200: envelopeOf(incomeSettingsSchema) } } },
    async () => settingsResponse(app),
  );

  app.put(
    '/admin/v1/settings',
    {
      schema: {
        tags,
        summary: 'Change the expected monthly rate (estimates only), the operator fee (with a reason) or the business time zone',
        body: Type.Object({
          interest_rate: Type.Optional(Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.01 })),
          operator_fee_percent: Type.Optional(Type.Number({ minimum: 0, maximum: 100, multipleOf: 0.01 })),
          business_time_zone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
          reason: Type.Optional(
            Type.String({ maxLength: 500, description: 'Required when the operator fee or the business time zone changes' }),
          ),
        }),
        security: bearer,
        response: { 200: envelopeOf(incomeSettingsSchema) },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.business_time_zone !== undefined && !isTimeZone(body.business_time_zone)) {
        throw new ApiError(422, 'time_zone_unknown', 'Parameter validation error.', {
          errors: { business_time_zone: ['Unknown time zone.'] },
        });
      }
      await changeSettings(app.db, operatorOf(request).operatorId, body);
      return settingsResponse(app);
    },
  );
};

async function settingsResponse(app: FastifyInstance) {
  const settings = await currentSettings(app.db, app.config);
  return success({
    interest_rate: bpToPercent(settings.interest_rate_bp),
    operator_fee_percent: bpToPercent(settings.operator_fee_bp),
    business_time_zone: settings.business_time_zone,
    business_time_zone_next:
      settings.next_time_zone === null
        ? null
        : { time_zone: settings.next_time_zone.time_zone, from_date: settings.next_time_zone.from_date },
  });
}
