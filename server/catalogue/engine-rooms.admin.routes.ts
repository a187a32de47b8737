import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { operatorOf } from '../auth/operator.guard.ts';
import { success } from '../http/envelope.ts';
import { pageField, pageOffset, paginate, paginatedOf, perPageDefault } from '../http/paging.ts';
import { envelopeOf, multilineText } from '../http/schemas.ts';
import { unitsToDecimal } from '../shared/money.ts';
import { notFound } from '../shared/errors.ts';
import { addRoom, changeRoom, countRooms, findRoom, listRooms } from './engine-rooms.service.ts';
import { roomNotFoundMessage } from './room-capacity.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['operators'];
const line = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
const inEachLocale = <T extends TSchema>(text: T, description: string) =>
  Type.Object({ zhs: text, zht: text, eng: text }, { description, additionalProperties: false });

const roomFields = {
  names: inEachLocale(line(80), 'The name in simplified Chinese, traditional Chinese and English'),
  locations: inEachLocale(line(120), 'Where it is, in each language'),
  types: inEachLocale(line(60), 'What kind of installation it is, in each language'),
  capacity_units: Type.Integer({
    minimum: 1,
    maximum: 1_000_000_000,
    description: "Installed capacity in whole units: each order earns its units over this share of the room's income",
  }),
};

const roomItem = Type.Object({
  id: Type.Integer(),
  names: roomFields.names,
  locations: roomFields.locations,
  types: roomFields.types,
  type: Type.String({ description: 'The type in English: what older clients and the member API fall back to' }),
  capacity_units: Type.Union([Type.Integer(), Type.Null()], { description: 'Null: not set yet, the room earns nobody anything' }),
  state: Type.Union([Type.Literal('sample'), Type.Literal('offered'), Type.Literal('hidden'), Type.Literal('retired')], {
    description: 'Only an offered room takes new orders (decision 052); a sample is one whose capacity nobody confirmed yet',
  }),
  units_held: Type.String({ description: 'Units the room’s live orders hold: its capacity can never go below this' }),
  capacity_confirmed: Type.Boolean({
    description:
      'An operator has added or saved this room or set its capacity; false for the seeded sample rooms, whose capacity is a sample',
  }),
});

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
        response: { 200: envelopeOf(paginatedOf(roomItem)) },
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
        response: { 201: envelopeOf(roomItem) },
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
        response: { 200: envelopeOf(roomItem) },
      },
    },
    async (request) => {
      await changeRoom(app.db, operatorOf(request).operatorId, request.params.id, request.body);
      return success(await reread(request.params.id), 'Engine room saved');
    },
  );
};
