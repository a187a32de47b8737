import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf, idParams, recordId } from '../http/schemas.ts';
import { notFound } from '../shared/errors.ts';
import { operatorItemSchema, operatorPasswordField, operatorSettingsSchema, roleSchema } from './operator.schemas.ts';
import {
  addOperator,
  changeOperatorRole,
  changeTwoFactorRequired,
  setOperatorEnabled,
  resetOperatorTwoFactor,
  twoFactorRequired,
  countOperators,
  listOperators,
} from './operators.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
const reason = Type.String({ minLength: 1, maxLength: 500, pattern: '\\S', description: 'Why: kept in the audit log' });

function operatorIdOf(params: { id: string }): number {
  const id = recordId(params);
  if (id === undefined) throw notFound('operator_not_found', 'Operator not found');
  return id;
}

/**
 * The Operators screen (decision 026). Not in the reviewers' allow-list, so administrators only;
 * every change is audited with before and after, and changes of access carry a reason.
 */
export const operatorAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/v1/operators',
    {
      schema: {
        tags,
        summary: 'Operators, enabled first, with role, two-factor state and last seen',
        querystring: Type.Object({ page: pageField }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(operatorItemSchema)) },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const [total, rows] = await Promise.all([countOperators(app.db), listOperators(app.db, pageOffset(page), perPageDefault)]);
      const items = rows.map((row) => ({
        id: row.id,
        username: row.username,
        role: row.role,
        two_factor: row.two_factor,
        disabled: row.disabled_at !== null,
        disabled_at: row.disabled_at?.toISOString() ?? null,
        last_seen_at: row.last_seen_at?.toISOString() ?? null,
        created_at: row.created_at.toISOString(),
      }));
      return success(paginate(request, page, total, items));
    },
  );

  app.post(
    '/admin/v1/operators',
    {
      schema: {
        tags,
        summary: 'Add an operator with a first password and a role',
        security: bearer,
        body: Type.Object({
          username: Type.String({ minLength: 3, maxLength: 40, pattern: '^[A-Za-z0-9_.-]+$' }),
          password: operatorPasswordField,
          role: roleSchema,
        }),
        response: { 201: envelopeOf(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (request, reply) => {
      const { username, password, role } = request.body;
      const id = await addOperator(app.db, operatorOf(request).operatorId, username, password, role);
      return reply.status(201).send(success({ id }, 'operator added'));
    },
  );

  app.put(
    '/admin/v1/operators/:id/role',
    {
      schema: {
        tags,
        summary: 'Change an operator’s role (not one’s own; never the last enabled administrator)',
        params: idParams,
        security: bearer,
        body: Type.Object({ role: roleSchema, reason }),
        response: { 200: envelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      const { role, reason: why } = request.body;
      await changeOperatorRole(app.db, operatorOf(request).operatorId, operatorIdOf(request.params), role, why.trim());
      return success(null, 'role changed');
    },
  );

  for (const [verb, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    app.post(
      `/admin/v1/operators/:id/${verb}`,
      {
        schema: {
          tags,
          summary: enabled
            ? 'Enable a disabled operator again'
            : 'Disable an operator: their sessions end at once (not oneself; never the last enabled administrator)',
          params: idParams,
          security: bearer,
          body: Type.Object({ reason }),
          response: { 200: envelopeOf(Type.Null()) },
        },
      },
      async (request) => {
        await setOperatorEnabled(app.db, operatorOf(request).operatorId, operatorIdOf(request.params), enabled, request.body.reason.trim());
        return success(null, enabled ? 'operator enabled' : 'operator disabled');
      },
    );
  }

  app.post(
    '/admin/v1/operators/:id/two-factor/reset',
    {
      schema: {
        tags,
        summary:
          'Turn another operator’s two-factor sign-in off (a lost phone): their sessions end at once; they set it up again at sign-in',
        params: idParams,
        security: bearer,
        body: Type.Object({ reason }),
        response: { 200: envelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await resetOperatorTwoFactor(app.db, operatorOf(request).operatorId, operatorIdOf(request.params), request.body.reason.trim());
      return success(null, 'two-factor reset');
    },
  );

  app.get(
    '/admin/v1/operator-settings',
    {
      schema: {
        tags,
        summary: 'Sign-in settings of the back office',
        security: bearer,
        response: { 200: envelopeOf(operatorSettingsSchema) },
      },
    },
    async () => success({ two_factor_required: await twoFactorRequired(app.db) }),
  );

  app.put(
    '/admin/v1/operator-settings',
    {
      schema: {
        tags,
        summary: 'Require two-factor sign-in of every operator (those without it enrol at their next sign-in)',
        security: bearer,
        body: Type.Object({ two_factor_required: Type.Boolean(), reason }),
        response: { 200: envelopeOf(operatorSettingsSchema) },
      },
    },
    async (request) => {
      const { two_factor_required: required, reason: why } = request.body;
      await changeTwoFactorRequired(app.db, operatorOf(request).operatorId, required, why.trim());
      return success({ two_factor_required: required }, 'settings saved');
    },
  );
};
