import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { memberOf, requireMember } from '../auth/auth.guard.ts';
import { success } from '../http/envelope.ts';
import { envelopeOf } from '../http/schemas.ts';
import { deviceJson } from './device.json.ts';
import { deviceSchema, serialField } from './devices.schemas.ts';
import { bindToMember, heartbeat, listDevicesOfUser } from './devices.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['devices'];

/** The member's machines, and the machines' own heartbeat. */
export const deviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/device',
    {
      onRequest: requireMember,
      schema: {
        tags,
        summary: 'The member’s machines with their online status',
        security: bearer,
        response: { 200: envelopeOf(Type.Array(deviceSchema)) },
      },
    },
    async (request) => success((await listDevicesOfUser(app.db, memberOf(request).userId)).map((row) => deviceJson(row))),
  );

  app.post(
    '/v1/device',
    {
      onRequest: requireMember,
      schema: {
        tags,
        summary:
          'Bind a machine from the inventory by its serial (404 unknown, 409 bound to another member or retired; again for one’s own is 200)',
        body: Type.Object({ serial: serialField }),
        security: bearer,
        response: { 201: envelopeOf(deviceSchema), 200: envelopeOf(deviceSchema) },
      },
    },
    async (request, reply) => {
      const { serial } = request.body;
      const { row, created } = await bindToMember(app.db, memberOf(request).userId, serial.trim());
      return reply.status(created ? 201 : 200).send(success(deviceJson(row), 'Machine added'));
    },
  );

  app.post(
    '/v1/device/heartbeat',
    {
      schema: {
        tags,
        summary:
          'A machine reports in with its serial and device secret (no member token); 401 for a wrong pair, 409 once retired, 429 past 12 a minute',
        body: Type.Object({ serial: serialField, secret: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: {
          200: envelopeOf(Type.Object({ serial_number: Type.String(), status: Type.Literal('online'), last_heartbeat_at: Type.String() })),
        },
      },
    },
    async (request) => {
      const { serial, secret } = request.body;
      const row = await heartbeat(app.db, serial.trim(), secret);
      return success({
        serial_number: row.serial_number,
        status: 'online' as const,
        last_heartbeat_at: new Date(row.last_heartbeat_at ?? Date.now()).toISOString(),
      });
    },
  );
};
