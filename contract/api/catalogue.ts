/**
 * The catalogue's answers as their route schemas declare them (server/catalogue/catalogue.schemas.ts): the cart and
 * the back office's Catalogue tab read these types, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type {
  catalogueProductSchema,
  catalogueRoomSchema,
  deliveryMethodSchema,
  paymentMethodSchema,
  productSchema,
  remittanceAccountSchema,
} from '../../server/catalogue/catalogue.schemas.ts';

/** A product as GET v1/product lists it and GET v1/product/{id} answers it. */
export type Product = Static<typeof productSchema>;
/** An account to remit payment to: GET v1/remittanceAccount. */
export type RemittanceAccount = Static<typeof remittanceAccountSchema>;
/** A payment method: GET v1/paymentMethod (1 bank remittance, 2 virtual currency). */
export type PaymentMethod = Static<typeof paymentMethodSchema>;
/** A delivery method: GET v1/deliveryMethod (1 hosting in a room, 2 home delivery). */
export type DeliveryMethod = Static<typeof deliveryMethodSchema>;
/** A product in the back office, hidden ones too: GET, POST and PUT admin/v1/catalogue/products. */
export type CatalogueProduct = Static<typeof catalogueProductSchema>;
/** An engine room in the back office, with its state and the units it holds: GET, POST and PUT admin/v1/catalogue/engine-rooms. */
export type CatalogueRoom = Static<typeof catalogueRoomSchema>;
