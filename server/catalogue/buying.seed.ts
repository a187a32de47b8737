import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { seededRoomNames } from '../db/seeded-names.ts';

/**
 * The original app's engine rooms: the cart always sends room 1. Operators add and edit rooms later. Each room's
 * installed capacity can host every unit of the seeded product (23 units), so none is ever oversold.
 */
export const seededEngineRooms = [
  { id: 1, name: 'Tainan Solar Park A', type: 'Graphene array', location: 'Tainan, Taiwan', capacity_units: 23 },
  { id: 2, name: 'Kaohsiung Rooftop B', type: 'Rooftop array', location: 'Kaohsiung, Taiwan', capacity_units: 23 },
] as const;

/**
 * Placeholder receiving accounts for trying the product: marked demo, so members see them only
 * while the server runs in demo mode (decision 024). The original app's payment view hides type "Taiwan";
 * that rule is the Taiwan account's data here: no site's payment screen shows it.
 */
export const seededRemittanceAccounts = [
  {
    id: 1,
    bank_name: 'Bank of China',
    branch: 'Shenzhen Futian (demo)',
    account_holder: 'Graphene Solar Ltd',
    account_number: '6217000000000001',
    type: 'China',
    position: 1,
    demo: true,
    locales: ['zhs', 'zht', 'eng'],
  },
  {
    id: 2,
    bank_name: 'Vietcombank',
    branch: 'Ho Chi Minh City (demo)',
    account_holder: 'Graphene Solar Ltd',
    account_number: '0071000000002',
    type: 'Vietnam',
    position: 2,
    demo: true,
    locales: ['zhs', 'zht', 'eng'],
  },
  {
    id: 3,
    bank_name: 'Bank of Taiwan',
    branch: 'Taipei Main (demo)',
    account_holder: 'Graphene Solar Ltd',
    account_number: '004000000000003',
    type: 'Taiwan',
    position: 3,
    demo: true,
    locales: [],
  },
] as const;

/**
 * 1 bank remittance (the default). 2 virtual currency exists in the original app's screens with a serial
 * number shown, but has no receiving address until an operator sets one in the back office
 * (Receiving accounts), so it is not available until then.
 */
export const seededPaymentMethods = [
  { id: 1, name: 'Bank remittance', kind: 'remittance', serial_number: null, available: true },
  { id: 2, name: 'Virtual currency', kind: 'virtual_currency', serial_number: null, available: false },
] as const;

/** 1 hosting in an engine room, 2 home delivery (to an address). */
export const seededDeliveryMethods = [
  { id: 1, name: 'Hosting', requires: 'engine_room' },
  { id: 2, name: 'Home delivery', requires: 'address' },
] as const;

/** Inserts the buying lists an empty database needs; existing rows (an operator's edits) stay as they are. */
export async function seedBuyingLists(db: Db): Promise<void> {
  await db
    .insertInto('engine_rooms')
    .values(
      seededEngineRooms.map((room) => ({
        ...room,
        // Its capacity is a sample until an operator confirms it (decisions 037 and 052).
        state: 'sample' as const,
        names: JSON.stringify(seededRoomNames[room.name]?.names ?? {}),
        locations: JSON.stringify(seededRoomNames[room.name]?.locations ?? {}),
        types: JSON.stringify(seededRoomNames[room.name]?.types ?? {}),
      })),
    )
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await db
    .insertInto('remittance_accounts')
    .values(seededRemittanceAccounts.map((account) => ({ ...account, locales: [...account.locales] })))
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await db
    .insertInto('payment_methods')
    .values(seededPaymentMethods.map((method) => ({ ...method })))
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await db
    .insertInto('delivery_methods')
    .values(seededDeliveryMethods.map((method) => ({ ...method })))
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  // Explicit ids leave the serials behind; move them past so operators' new rows never collide.
  for (const table of ['engine_rooms', 'remittance_accounts']) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.table(table)}), 1))`.execute(db);
  }
}
