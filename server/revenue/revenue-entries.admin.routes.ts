import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { pointsToNumber } from '../shared/money.ts';
import { envelopeOf, multilineText } from '../http/schemas.ts';
import { heldEntrySchema, revenueEntrySchema } from './revenue.schemas.ts';
import { adjustRevenue, heldEntries, recordRevenue, releaseRevenue, withdrawRevenue } from './revenue.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
const roomParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const decimalText = (description: string) => Type.String({ minLength: 1, maxLength: 24, description });

const entryParams = Type.Object({
  entry: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'A revenue entry id' }),
});
const toJson = (row: {
  id: number;
  engine_room_id: number;
  business_date: string;
  wh: bigint;
  revenue: bigint;
  hold_until: Date | null;
}) => ({
  id: row.id,
  hold_until: row.hold_until === null ? null : row.hold_until.toISOString(),
  engine_room_id: row.engine_room_id,
  business_date: row.business_date,
  kwh: Number(row.wh) / 1000,
  revenue: pointsToNumber(row.revenue),
});

/** Revenue as operators record it: a day's record, its corrections, and the entries held before they are shared. */
export const revenueEntryAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/admin/v1/engine-rooms/:id/revenue',
    {
      schema: {
        tags,
        summary: 'Record one business day of an engine room: kWh produced, revenue collected, evidence (409 if that day is recorded)',
        params: roomParams,
        body: Type.Object({
          business_date: Type.String({
            maxLength: 10,
            description: 'YYYY-MM-DD in the business time zone; not a day that has not started',
          }),
          kwh: decimalText('kWh, at most 3 decimals'),
          revenue: decimalText('points collected, at most 4 decimals'),
          evidence: multilineText({ minLength: 1, maxLength: 500, pattern: '\\S', description: 'where the figures can be checked' }),
        }),
        security: bearer,
        response: { 201: envelopeOf(revenueEntrySchema) },
      },
    },
    async (request, reply) => {
      const row = await recordRevenue(app.db, app.config, operatorOf(request).operatorId, request.params.id, request.body);
      return reply.status(201).send(success(toJson(row), 'Revenue recorded'));
    },
  );

  app.post(
    '/admin/v1/engine-rooms/:id/revenue-adjustments',
    {
      schema: {
        tags,
        summary: 'Correct a recorded day with a signed adjustment (a new audited entry, never an edit)',
        params: roomParams,
        body: Type.Object({
          business_date: Type.String({ maxLength: 10 }),
          kwh_delta: Type.Optional(decimalText('signed kWh')),
          revenue_delta: decimalText('signed points'),
          reason: multilineText({ minLength: 1, maxLength: 500, pattern: '\\S' }),
        }),
        security: bearer,
        response: { 201: envelopeOf(revenueEntrySchema) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const row = await adjustRevenue(app.db, app.config, operatorOf(request).operatorId, request.params.id, body);
      return reply.status(201).send(success(toJson(row), 'Correction recorded'));
    },
  );

  app.get(
    '/admin/v1/revenue/held',
    {
      schema: {
        tags,
        summary: 'Revenue and corrections waiting for their hold to end before they are shared (decision 049), oldest first',
        security: bearer,
        response: {
          200: envelopeOf(Type.Array(heldEntrySchema)),
        },
      },
    },
    async (request) => {
      const me = operatorOf(request).operatorId;
      const rows = await heldEntries(app.db, new Date());
      return success(
        rows.map((row) => ({
          ...row,
          id: Number(row.id),
          kwh: Number(BigInt(row.wh)) / 1000,
          revenue: pointsToNumber(BigInt(row.revenue)),
          recorded_by_me: row.recorded_by === me,
          created_at: new Date(row.created_at).toISOString(),
          hold_until: new Date(row.hold_until).toISOString(),
        })),
      );
    },
  );

  app.post(
    '/admin/v1/revenue-entries/:entry/share-now',
    {
      schema: {
        tags,
        summary: 'Release held revenue to be shared by the next run, before its hold ends; not by the administrator who recorded it (403)',
        params: entryParams,
        security: bearer,
        response: {
          200: envelopeOf(
            Type.Object({
              id: Type.Integer(),
              engine_room_id: Type.Integer(),
              business_date: Type.String(),
              released_at: Type.String({ format: 'date-time' }),
            }),
          ),
        },
      },
    },
    async (request) => {
      const row = await releaseRevenue(app.db, operatorOf(request).operatorId, request.params.entry);
      return success({ ...row, released_at: row.released_at.toISOString() }, 'Released to be shared');
    },
  );

  app.post(
    '/admin/v1/revenue-entries/:entry/withdraw',
    {
      schema: {
        tags,
        summary: 'Withdraw revenue or a correction not yet shared, with a reason (a withdrawn record takes its day’s corrections with it)',
        params: entryParams,
        body: Type.Object({ reason: multilineText({ minLength: 1, maxLength: 500, pattern: '\\S' }) }),
        security: bearer,
        response: {
          200: envelopeOf(
            Type.Object({ id: Type.Integer(), engine_room_id: Type.Integer(), business_date: Type.String(), withdrawn: Type.Integer() }),
          ),
        },
      },
    },
    async (request) => {
      const row = await withdrawRevenue(app.db, operatorOf(request).operatorId, request.params.entry, request.body.reason);
      return success(row, 'Withdrawn');
    },
  );
};
