import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf, multilineText } from '../http/schemas.ts';
import { catalogueRoomSchema, roomFields } from './catalogue.schemas.ts';
import { unitsToDecimal } from '../shared/money.ts';
import { notFound } from '../shared/errors.ts';
import { addRoom, changeRoom, countRooms, findRoom, listRooms } from './engine-rooms.service.ts';
import { roomNotFoundMessage } from './room-capacity.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
type Room = NonNullable<Awaited<ReturnType<typeof findRoom>>>;
const text = (value: Partial<Record<'zhs' | 'zht' | 'eng', string>>, fallback: string) => ({
  zhs: value.zhs ?? fallback,
  zht: value.zht ?? fallback,
  eng: value.eng ?? fallback,
});
const roomJson = (room: Room) => ({
  id: room.id,
  names: text(room.names, room.name),
  locations: text(room.locations, room.location),
  types: text(room.types, room.type),
  type: room.type,
  capacity_units: room.capacity_units,
  state: room.state,
  units_held: unitsToDecimal(BigInt(room.units_held)),
  capacity_confirmed: room.capacity_confirmed_at !== null,
});

const idParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/** Engine rooms in the back office's catalogue (decision 027): listed, added, renamed, their capacity set. */
export const engineRoomCatalogueAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const reread = async (id: number) => {
    const room = await findRoom(app.db, id);
    if (room === undefined) throw notFound('engine_room_not_found', roomNotFoundMessage);
    return roomJson(room);
  };

  app.get(
    '/admin/v1/catalogue/engine-rooms',
    {
      schema: {
        tags,
        summary: 'Engine rooms with their names and locations in each language and installed capacity',
        querystring: Type.Object({ page: pageField }),
        security: bearer,
        response: { 200: envelopeOf(paginatedOf(catalogueRoomSchema)) },
      },
    },
    async (request) => {
      const { page = 1 } = request.query;
      const [total, rows] = await Promise.all([countRooms(app.db), listRooms(app.db, pageOffset(page), perPageDefault)]);
      return success(paginate(request, page, total, rows.map(roomJson)));
    },
  );

  app.post(
    '/admin/v1/catalogue/engine-rooms',
    {
      schema: {
        tags,
        summary: 'Add an engine room members can host their units in (422 naming each field at fault)',
        body: Type.Object(roomFields, { additionalProperties: false }),
        security: bearer,
        response: { 201: envelopeOf(catalogueRoomSchema) },
      },
    },
    async (request, reply) => {
      const id = await addRoom(app.db, operatorOf(request).operatorId, request.body);
      return reply.status(201).send(success(await reread(id), 'Engine room added'));
    },
  );

  app.put(
    '/admin/v1/catalogue/engine-rooms/:id',
    {
      schema: {
        tags,
        summary:
          'Save an engine room’s names, locations, type and installed capacity (the capacity as PUT …/capacity sets it: never below the units held, a change needs a reason)',
        params: idParams,
        body: Type.Object(
          {
            ...roomFields,
            reason: Type.Optional(multilineText({ maxLength: 500, description: 'Why the capacity changes: needed when it does' })),
          },
          { additionalProperties: false },
        ),
        security: bearer,
        response: { 200: envelopeOf(catalogueRoomSchema) },
      },
    },
    async (request) => {
      await changeRoom(app.db, operatorOf(request).operatorId, request.params.id, request.body);
      return success(await reread(request.params.id), 'Engine room saved');
    },
  );
};
