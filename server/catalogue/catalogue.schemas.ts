import { Type, type TSchema } from 'typebox';
import { multilineText } from '../http/schemas.ts';
import { picturePathPattern } from '../uploads/upload-store.ts';
import { localisedSchema } from './localised-name.schemas.ts';

/** A product as members read it: GET v1/product and v1/product/{id}. */
export const productSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  names: localisedSchema('the name in each language; show `name` where one is missing'),
  price: Type.Number({ description: 'Points, 4 decimals' }),
  quantity: Type.Integer({ description: 'Units the product can sell in all' }),
  rated_capacity_watts: Type.Integer({ description: 'Rated capacity of one whole unit, for the cart estimate' }),
  descriptions: localisedSchema('the description in each language (blank where the operator wrote none)'),
  specifications: localisedSchema('specifications in each language, one per line'),
  units: localisedSchema('what one unit is called in each language'),
});

const inEachLocale = <T extends TSchema>(text: T, description: string) =>
  Type.Object({ zhs: text, zht: text, eng: text }, { description, additionalProperties: false });
const line = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
const picture = Type.String({ pattern: picturePathPattern.source, description: 'A picture uploaded with POST catalogue/pictures' });

/** What an operator writes of a product in the back office's catalogue (decision 027). */
export const productFields = {
  names: inEachLocale(line(80), 'The name in simplified Chinese, traditional Chinese and English'),
  descriptions: inEachLocale(multilineText({ maxLength: 2000 }), 'The description in each language (may be blank)'),
  specifications: inEachLocale(multilineText({ maxLength: 2000 }), 'Specifications in each language, one per line (may be blank)'),
  units: inEachLocale(line(20), 'What one unit is called in each language (份, share)'),
  price: Type.String({ minLength: 1, maxLength: 20, description: 'Points for one whole unit, more than 0, at most 4 decimals' }),
  quantity: Type.Integer({ minimum: 1, maximum: 1_000_000_000, description: 'Shares on sale in all; never below those sold' }),
  rated_capacity_watts: Type.Integer({ minimum: 1, maximum: 1_000_000_000_000, description: 'Rated capacity of one unit' }),
  pictures: Type.Array(picture, { maxItems: 8, description: 'Pictures, first shown first; absent: none' }),
  certificates: Type.Array(Type.Object({ name: line(120), src: picture }, { additionalProperties: false }), {
    maxItems: 12,
    description: 'Certificates: a name and a picture of each document; absent: none',
  }),
  on_sale: Type.Boolean({ description: 'False hides it: not listed or sold to members; orders already placed stay' }),
};

/** A form-encoded body cannot carry an empty list: an absent one is none. */
export const productBody = {
  ...productFields,
  pictures: Type.Optional(productFields.pictures),
  certificates: Type.Optional(productFields.certificates),
};

/** A product in the back office's catalogue, hidden ones too: GET, POST and PUT admin/v1/catalogue/products. */
export const catalogueProductSchema = Type.Object({
  ...productFields,
  id: Type.Integer(),
  price: Type.String({ description: 'Points, 4 decimals' }),
  sold: Type.Integer({ description: 'Shares held by live orders (pending, waiting confirmation or paid), rounded up' }),
  updated_at: Type.String({ format: 'date-time' }),
});

/** What an operator writes of an engine room in the back office's catalogue (decision 027). */
export const roomFields = {
  names: inEachLocale(line(80), 'The name in simplified Chinese, traditional Chinese and English'),
  locations: inEachLocale(line(120), 'Where it is, in each language'),
  types: inEachLocale(line(60), 'What kind of installation it is, in each language'),
  capacity_units: Type.Integer({
    minimum: 1,
    maximum: 1_000_000_000,
    description: "Installed capacity in whole units: each order earns its units over this share of the room's income",
  }),
};

/** An engine room in the back office's catalogue: GET, POST and PUT admin/v1/catalogue/engine-rooms. */
export const catalogueRoomSchema = Type.Object({
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

/** An account to remit payment to: GET v1/remittanceAccount. */
export const remittanceAccountSchema = Type.Object({
  id: Type.Integer(),
  bank_name: Type.String(),
  branch: Type.String(),
  account_holder: Type.String(),
  account_number: Type.String(),
  remittance_account_type: Type.Object({
    type: Type.String({ description: 'The country type: China, Vietnam, Taiwan, ...' }),
  }),
  demo: Type.Boolean({ description: 'A placeholder for trying the product (listed only in demo mode): label it, never pay into it' }),
});

/** A payment method: GET v1/paymentMethod. */
export const paymentMethodSchema = Type.Object({
  id: Type.Integer({ description: '1 bank remittance (default), 2 virtual currency' }),
  name: Type.String(),
  kind: Type.Union([Type.Literal('remittance'), Type.Literal('virtual_currency')]),
  serial_number: Type.Union([Type.String(), Type.Null()], { description: 'Shown for virtual currency: where to send it' }),
  available: Type.Boolean({ description: 'False: orders naming this method are refused (422)' }),
  network: Type.Union([Type.String(), Type.Null()], { description: 'Virtual currency: the network of the address (e.g. TRC-20)' }),
  qr: Type.Union(
    [
      Type.Object({
        size: Type.Integer({ description: 'Modules per side, quiet zone included: the viewBox is 0 0 size size' }),
        path: Type.String({ description: 'SVG path data of the dark modules' }),
      }),
      Type.Null(),
    ],
    { description: 'Virtual currency, when available: the address as a QR code to draw as one SVG path' },
  ),
});

/** A delivery method: GET v1/deliveryMethod. */
export const deliveryMethodSchema = Type.Object({
  id: Type.Integer({ description: '1 hosting, 2 home delivery' }),
  name: Type.String(),
  requires: Type.Union([Type.Literal('engine_room'), Type.Literal('address')], {
    description: 'engine_room: the order names engine_room_id; address: the order carries delivery_content',
  }),
});
