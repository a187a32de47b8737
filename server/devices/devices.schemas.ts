import { Type } from 'typebox';
import { localisedSchema } from '../catalogue/localised-name.schemas.ts';

/**
 * A serial as printed on the machine's label: letters, digits, dot, dash, underscore, 3 to 40
 * long. Surrounding spaces (a paste) are allowed and trimmed; matching ignores case.
 */
export const serialField = Type.String({ pattern: '^\\s*[A-Za-z0-9][A-Za-z0-9._-]{2,39}\\s*$', description: 'Machine serial number' });

export const deviceSchema = Type.Object({
  id: Type.Integer(),
  serial_number: Type.String(),
  status: Type.Union([Type.Literal('online'), Type.Literal('offline')], { description: 'online: a heartbeat under 5 minutes old' }),
  updated_at: Type.String({ format: 'date-time', description: 'The last heartbeat, or when the machine was bound' }),
  last_heartbeat_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'The last heartbeat; null while the machine has never reported in',
  }),
  engine_room_id: Type.Integer(),
  retired: Type.Boolean({ description: 'Retired by the operators: it no longer reports in (status stays offline)' }),
});

export const inventorySchema = Type.Object({
  id: Type.Integer(),
  serial_number: Type.String(),
  engine_room_id: Type.Integer(),
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.Union([Type.Literal('online'), Type.Literal('offline')]),
  bound_at: Type.Union([Type.String(), Type.Null()]),
  last_heartbeat_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  engine_room_name: Type.String(),
  engine_room_names: localisedSchema('the room name in each language; show `engine_room_name` where one is missing'),
  username: Type.Union([Type.String(), Type.Null()], { description: 'The bound member; null while unbound' }),
  retired_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  retired_reason: Type.Union([Type.String(), Type.Null()], { description: 'Why it was retired (also in the audit log)' }),
});

export const newDeviceSchema = Type.Intersect([
  inventorySchema,
  Type.Object({ secret: Type.String({ description: 'The device secret, shown this once; only its hash is kept' }) }),
]);
