import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';
import { verificationChoiceListsSchema, verificationChoiceSchema } from './verification.schemas.ts';
import { addChoice, changeChoice, choiceView, listChoices } from './verification-choices.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
const nameField = (language: string) => Type.String({ maxLength: 60, description: `The name members reading ${language} see` });
const listParam = Type.Union([Type.Literal('countries'), Type.Literal('certificate_types')], {
  description: 'countries, or certificate_types',
});
const names = {
  name_zhs: nameField('simplified Chinese'),
  name_zht: nameField('traditional Chinese'),
  name_eng: nameField('English'),
};

/** The countries and certificate types members choose from when verifying, for administrators (issue 35). Audited. */
export const verificationChoiceAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/v1/verification-choices',
    {
      schema: {
        tags,
        summary: 'Every country and certificate type, on or off, with its name in each language',
        security: bearer,
        response: { 200: envelopeOf(verificationChoiceListsSchema) },
      },
    },
    async () => {
      const [countries, certificates] = await Promise.all([listChoices(app.db, 'countries'), listChoices(app.db, 'certificate_types')]);
      return success({ countries: countries.map(choiceView), certificate_types: certificates.map(choiceView) });
    },
  );

  app.post(
    '/admin/v1/verification-choices/:list',
    {
      schema: {
        tags,
        summary: 'Add a country or certificate type, on, named in each language (422 naming each blank name)',
        params: Type.Object({ list: listParam }),
        body: Type.Object(names),
        security: bearer,
        response: { 201: envelopeOf(verificationChoiceSchema) },
      },
    },
    async (request, reply) => {
      const row = await addChoice(app.db, operatorOf(request).operatorId, request.params.list, request.body);
      return reply.status(201).send(success(choiceView(row), 'Added'));
    },
  );

  app.put(
    '/admin/v1/verification-choices/:list/:id',
    {
      schema: {
        tags,
        summary: 'Rename a country or certificate type in any language, or switch it off or on',
        params: Type.Object({ list: listParam, id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        body: Type.Object({
          name_zhs: Type.Optional(names.name_zhs),
          name_zht: Type.Optional(names.name_zht),
          name_eng: Type.Optional(names.name_eng),
          enabled: Type.Optional(Type.Boolean()),
        }),
        security: bearer,
        response: { 200: envelopeOf(verificationChoiceSchema) },
      },
    },
    async (request) => {
      const row = await changeChoice(app.db, operatorOf(request).operatorId, request.params.list, request.params.id, request.body);
      return success(choiceView(row), 'Saved');
    },
  );
};
