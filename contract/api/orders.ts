/**
 * The order answers as their route schemas declare them (server/orders/order.schemas.ts): the cart and the member's
 * orders read these types, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type { orderSchema } from '../../server/orders/order.schemas.ts';

/** An order as POST and PUT v1/order answer it, GET v1/order lists it and GET v1/order/{id} gives it. */
export type Order = Static<typeof orderSchema>;
