import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf, multilineText } from '../http/schemas.ts';
import { notFound } from '../shared/errors.ts';
import { deviceOnlineMs, inventoryJson } from './device.json.ts';
import { inventorySchema, newDeviceSchema, serialField } from './devices.schemas.ts';
import {
  addDevice,
  deviceNotFoundMessage,
  retireDevice,
  type DeviceFilter,
  countDevices,
  findInventoryDevice,
  listDevices,
} from './devices.service.ts';

const filters = ['all', 'online', 'offline', 'retired'] as const satisfies readonly DeviceFilter[];

const bearer = [{ bearer: [] }];
const tags = ['operators'];

/** The operators' machine inventory. */
export const deviceAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const answer = async (id: number) => {
    const row = await findInventoryDevice(app.db, id);
    if (row === undefined) throw notFound('device_not_found', deviceNotFoundMessage);
    return inventoryJson(row);
  };

  app.post(
    '/admin/v1/devices',
    {
      schema: {
        tags,
        summary: 'Add a machine to the inventory; the answer carries its device secret, this once (409 duplicate serial, 422 unknown room)',
        body: Type.Object({ serial: serialField, engine_room_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        security: bearer,
        response: { 201: envelopeOf(newDeviceSchema) },
      },
    },
    async (request, reply) => {
      const { serial, engine_room_id: engineRoomId } = request.body;
      const { row, secret } = await addDevice(app.db, operatorOf(request).operatorId, { serial: serial.trim(), engineRoomId });
      return reply.status(201).send(success({ ...(await answer(row.id)), secret }, 'Machine added to the inventory'));
    },
  );

  app.get(
    '/admin/v1/devices',
    {
      schema: {
        tags,
        summary:
          'The machine inventory, newest first, with room, bound member, online status and retirement; filter: all (default), online, offline (in service, silent for 5 minutes or never heard from) or retired',
        querystring: Type.Object({ page: pageField, filter: Type.Optional(Type.Union(filters.map((name) => Type.Literal(name)))) }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(inventorySchema)) },
      },
    },
    async (request) => {
      const { page = 1, filter = 'all' } = request.query;
      const now = new Date();
      const onlineSince = new Date(now.getTime() - deviceOnlineMs);
      const [total, rows] = await Promise.all([
        countDevices(app.db, filter, onlineSince),
        listDevices(app.db, pageOffset(page), perPageDefault, filter, onlineSince),
      ]);
      return success(
        paginate(
          request,
          page,
          total,
          rows.map((row) => inventoryJson(row, now)),
        ),
      );
    },
  );

  app.post(
    '/admin/v1/devices/:id/retire',
    {
      schema: {
        tags,
        summary:
          'Retire a machine with a reason (audited): it stays listed as retired, its heartbeat is refused and it cannot be bound (404 unknown, 409 already retired)',
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        body: Type.Object({ reason: multilineText({ maxLength: 500, description: 'Why the machine is retired; kept in the audit log' }) }),
        security: bearer,
        response: { 200: envelopeOf(inventorySchema) },
      },
    },
    async (request) => {
      const row = await retireDevice(app.db, operatorOf(request).operatorId, request.params.id, request.body.reason);
      return success(await answer(row.id), 'Machine retired');
    },
  );
};
