import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf, requireOperator } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf } from '../http/schemas.ts';
import { inventoryJson } from './device.json.ts';
import { countDevices, listDevices } from './devices.repository.ts';
import { inventorySchema, newDeviceSchema, serialField } from './devices.schemas.ts';
import { addDevice } from './devices.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];

/** The operators' machine inventory. */
export const deviceAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', requireOperator);

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
      return reply.status(201).send(success({ ...inventoryJson(row), secret }, 'Machine added to the inventory'));
    },
  );

  app.get(
    '/admin/v1/devices',
    {
      schema: {
        tags,
        summary: 'The machine inventory, newest first, with owner and online status',
        querystring: Type.Object({ page: pageField }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(inventorySchema)) },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const [total, rows] = await Promise.all([countDevices(app.db), listDevices(app.db, pageOffset(page), perPageDefault)]);
      const now = new Date();
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
};
