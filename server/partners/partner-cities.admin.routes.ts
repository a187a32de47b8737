import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { cardKeyOf } from '../cards/card-key.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf, multilineText } from '../http/schemas.ts';
import {
  addPartnerCity,
  changePartnerCity,
  cityView,
  type PartnerCityRow,
  countPartnerCities,
  listPartnerCityRows,
} from './partner-cities.service.ts';
import { partnerCitySchema } from './partners.schemas.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
const idParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const nameField = (locale: string) => Type.String({ maxLength: 60, description: `The name members reading ${locale} see` });
const kindField = Type.Union([Type.Literal('internal'), Type.Literal('external')], {
  description: 'internal: wallets kept in our ledger; external: the platform keeps its own books behind its API',
});
const settingFields = {
  base_url: Type.String({ maxLength: 300, description: 'External only: the platform’s API address, https://…' }),
  api_key: Type.String({ maxLength: 200, description: 'External only: the key id the platform gave' }),
  secret: Type.String({
    maxLength: 500,
    description: 'External only: the platform’s secret; stored sealed, never returned. Blank keeps it',
  }),
};

const cityJson = (row: PartnerCityRow) => ({ ...cityView(row), updated_at: new Date(row.updated_at).toISOString() });

/** Partner-city wallets for operators (decision 029): listed, added, renamed per locale, disabled, and their adapter settings. Audited. */
export const partnerCityAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/v1/partner-cities',
    {
      schema: {
        tags,
        summary: 'Partner cities (the members’ partner wallets), enabled or not, oldest first',
        querystring: Type.Object({ page: pageField }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(partnerCitySchema)) },
      },
    },
    async (request) => {
      const { page = 1 } = request.query;
      const [total, rows] = await Promise.all([countPartnerCities(app.db), listPartnerCityRows(app.db, pageOffset(page), perPageDefault)]);
      return success(paginate(request, page, total, rows.map(cityJson)));
    },
  );

  app.post(
    '/admin/v1/partner-cities',
    {
      schema: {
        tags,
        summary: 'Add a partner city, enabled, with its name in each locale (422 naming each field at fault)',
        body: Type.Object({
          name_zhs: nameField('simplified Chinese'),
          name_zht: nameField('traditional Chinese'),
          name_eng: nameField('English'),
          kind: kindField,
          base_url: Type.Optional(settingFields.base_url),
          api_key: Type.Optional(settingFields.api_key),
          secret: Type.Optional(settingFields.secret),
        }),
        security: bearer,
        response: { 201: envelopeOf(partnerCitySchema) },
      },
    },
    async (request, reply) => {
      const city = await addPartnerCity(app.db, cardKeyOf(app), operatorOf(request).operatorId, request.body);
      return reply.status(201).send(success(cityJson(city), 'Partner city added'));
    },
  );

  app.put(
    '/admin/v1/partner-cities/:id',
    {
      schema: {
        tags,
        summary:
          'Rename a city per locale, change its adapter settings, or disable it (a reason is required) or enable it. ' +
          'A disabled city refuses transfers in (409 partner_city_disabled); its balances can still be moved out',
        params: idParams,
        body: Type.Object({
          name_zhs: Type.Optional(nameField('simplified Chinese')),
          name_zht: Type.Optional(nameField('traditional Chinese')),
          name_eng: Type.Optional(nameField('English')),
          kind: Type.Optional(kindField),
          base_url: Type.Optional(settingFields.base_url),
          api_key: Type.Optional(settingFields.api_key),
          secret: Type.Optional(settingFields.secret),
          enabled: Type.Optional(Type.Boolean()),
          reason: Type.Optional(multilineText({ maxLength: 500, description: 'Why it is disabled; kept in the audit log' })),
        }),
        security: bearer,
        response: { 200: envelopeOf(partnerCitySchema) },
      },
    },
    async (request) => {
      const city = await changePartnerCity(app.db, cardKeyOf(app), operatorOf(request).operatorId, request.params.id, request.body);
      return success(cityJson(city), 'Partner city updated');
    },
  );
};
