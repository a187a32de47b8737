/**
 * The machine answers as their route schemas declare them (server/devices/devices.schemas.ts): /dig and the back
 * office's Machines tab read these types, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type { deviceSchema, inventorySchema, newDeviceSchema } from '../../server/devices/devices.schemas.ts';

/** A member's machine, in the user object's `devices` (GET v1/check). */
export type Device = Static<typeof deviceSchema>;
/** A machine in the operators' inventory: GET admin/v1/devices, and a retirement's answer. */
export type Machine = Static<typeof inventorySchema>;
/** A machine just added, with its device secret shown this once: POST admin/v1/devices. */
export type NewMachine = Static<typeof newDeviceSchema>;
