import { businessDate } from '../db/business-day.ts';
import type { Db } from '../db/database.ts';
import { ApiError, forbidden, notFound, validationError } from '../shared/errors.ts';
import { pointsToNumber, pointScale, unitScale } from '../shared/money.ts';
import { parseOrderAmount } from './order-amount.ts';
import { orderJson, ordersJson, type OrderJson } from './order.json.ts';
import { newOrderNumber } from './order-number.ts';
import { findDeliveryMethod, findEngineRoom, findPaymentMethod, findProduct } from '../catalogue/catalogue.repository.ts';
import { accountStatusOf } from '../users/user.repository.ts';
import {
  findOrder,
  insertOrderUnlessNumberTaken,
  lockEngineRoom,
  lockOrder,
  lockProduct,
  orderPlanOf,
  unitsHeld,
  unitsHeldInRoom,
  updateOrderRow,
} from './order.repository.ts';
import { orderStatus, type RoomState } from '../../contract/statuses.ts';

export const suspendedMessage = 'Your account is suspended pending review';
export const notPendingMessage = 'This order is no longer waiting for payment';
export const productHiddenMessage = 'This product is not on sale';
export const soldOutMessage = 'Not enough of this product is left for this amount';
export const oneProductMessage = 'An order carries exactly one product.';
export const roomNotOfferedMessage = 'This engine room takes no new orders';
export const roomFullMessage = 'Not enough room is left in this engine room for this amount';

/**
 * The rooms members may choose (decision 052): offered ones; in demo mode also the seeded samples, as the
 * whole shop is a demonstration there and its rooms must work before anyone confirms them (decision 037).
 */
export const orderableRoomStates = (demoMode: boolean): RoomState[] => (demoMode ? ['offered', 'sample'] : ['offered']);

/** A unit is counted in hundred-millionths: finer than any amount of 100 points can buy of a product. */
/** Draws of a new order number before giving up (a collision needs a million orders a day). */
const orderNumberDraws = 5;

export interface OrderFields {
  amount?: string;
  delivery_method_id?: number;
  engine_room_id?: number;
  payment_method_id?: number;
  delivery_content?: string | { address?: string };
}

export interface NewOrderInput extends OrderFields {
  item_content: { product_id: number; count?: number }[];
}

/** What the order will hold once the request is applied: every rule is checked against this. */
interface OrderPlan {
  productId: number;
  count: number;
  amount: bigint;
  deliveryMethodId: number;
  engineRoomId: number | null;
  address: string | null;
  paymentMethodId: number;
}

export async function createOrder(
  db: Db,
  userId: number,
  input: NewOrderInput,
  demoMode: boolean,
  now = new Date(),
  partnerSiteId: number | null = null,
): Promise<string> {
  if (input.item_content.length !== 1) throw validationError({ item_content: [oneProductMessage] }, 'order_one_product');
  const [item] = input.item_content;
  const amount = parseOrderAmount(input.amount);
  return db.transaction().execute(async (trx) => {
    await refuseSuspended(trx, userId);
    const plan = await checkPlan(trx, {
      productId: item?.product_id ?? 0,
      count: item?.count ?? 1,
      amount,
      deliveryMethodId: input.delivery_method_id ?? 0,
      engineRoomId: input.engine_room_id ?? null,
      address: addressOf(input.delivery_content),
      paymentMethodId: input.payment_method_id ?? 0,
    });
    const share = await reserveShare(trx, plan);
    const today = await businessDate(trx, now);
    await reserveRoom(trx, plan, share, demoMode, true);
    for (let draw = 1; draw <= orderNumberDraws; draw += 1) {
      const inserted = await insertOrderUnlessNumberTaken(trx, {
        order_number: newOrderNumber(today),
        user_id: userId,
        product_id: plan.productId,
        item_count: plan.count,
        amount: plan.amount,
        unit_price: share.unitPrice,
        units_e8: share.units,
        delivery_method_id: plan.deliveryMethodId,
        engine_room_id: plan.engineRoomId,
        delivery_address: plan.address,
        payment_method_id: plan.paymentMethodId,
        status: orderStatus.pendingPayment,
        pending_since: now,
        partner_site_id: partnerSiteId,
      });
      if (inserted !== undefined) return inserted;
    }
    throw new Error('no free order number after several draws');
  });
}

/**
 * Changes an order that still waits for payment (the cart's edit mode, or the payment screen's
 * change of method). Fields left out keep their values; the result is checked as a whole.
 */
export async function updateOrder(db: Db, userId: number, orderId: string, input: OrderFields, demoMode: boolean): Promise<void> {
  const amount = input.amount === undefined ? undefined : parseOrderAmount(input.amount);
  await db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    if (order === undefined) throw notFound('order_not_found', 'Order not found');
    if (order.user_id !== userId) throw forbidden();
    await refuseSuspended(trx, userId);
    if (order.status !== orderStatus.pendingPayment) throw new ApiError(409, 'order_not_pending', notPendingMessage);
    const current = await orderPlanOf(trx, orderId);
    const deliveryChanged = input.delivery_method_id !== undefined && input.delivery_method_id !== current.delivery_method_id;
    const plan = await checkPlan(trx, {
      productId: current.product_id,
      count: current.item_count,
      amount: amount ?? BigInt(order.amount),
      deliveryMethodId: input.delivery_method_id ?? current.delivery_method_id,
      engineRoomId: input.engine_room_id ?? (deliveryChanged ? null : current.engine_room_id),
      address:
        input.delivery_content === undefined ? (deliveryChanged ? null : current.delivery_address) : addressOf(input.delivery_content),
      paymentMethodId: input.payment_method_id ?? current.payment_method_id,
    });
    const share = amount === undefined ? undefined : await reserveShare(trx, plan, orderId);
    const roomChanged = plan.engineRoomId !== current.engine_room_id;
    // Still in its room with the same units, an order is left alone there whatever the room's state now.
    if (share !== undefined || roomChanged) {
      const held = share ?? { unitPrice: BigInt(current.unit_price), units: BigInt(current.units_e8) };
      await reserveRoom(trx, plan, held, demoMode, roomChanged, orderId);
    }
    await updateOrderRow(trx, orderId, {
      delivery_method_id: plan.deliveryMethodId,
      engine_room_id: plan.engineRoomId,
      delivery_address: plan.address,
      payment_method_id: plan.paymentMethodId,
      ...(share === undefined ? {} : { amount: plan.amount, unit_price: share.unitPrice, units_e8: share.units }),
      updated_at: new Date(),
    });
  });
}

async function refuseSuspended(trx: Db, userId: number): Promise<void> {
  const status = await accountStatusOf(trx, userId);
  if (status === undefined) throw notFound('member_not_found', 'User not found');
  if (status === 'suspended') throw new ApiError(403, 'account_suspended', suspendedMessage, { detail: suspendedMessage });
}

function addressOf(content: OrderFields['delivery_content']): string | null {
  const text = typeof content === 'string' ? content : content?.address;
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Every id the order names must exist, and the delivery method's requirement must be met. */
async function checkPlan(trx: Db, plan: OrderPlan): Promise<OrderPlan> {
  const [product, delivery, payment, room] = await Promise.all([
    findProduct(trx, plan.productId),
    findDeliveryMethod(trx, plan.deliveryMethodId),
    findPaymentMethod(trx, plan.paymentMethodId),
    plan.engineRoomId === null ? Promise.resolve(undefined) : findEngineRoom(trx, plan.engineRoomId),
  ]);
  const errors: Record<string, string[]> = {};
  if (product === undefined) errors['item_content.0.product_id'] = ['Unknown product.'];
  if (delivery === undefined) errors.delivery_method_id = ['Choose a delivery method.'];
  if (payment === undefined) errors.payment_method_id = ['Choose a payment method.'];
  else if (!payment.available) errors.payment_method_id = ['This payment method is not available.'];
  let engineRoomId = plan.engineRoomId;
  let address = plan.address;
  if (delivery?.requires === 'engine_room') {
    if (engineRoomId === null) errors.engine_room_id = ['Choose an engine room for hosting.'];
    else if (room === undefined) errors.engine_room_id = ['Unknown engine room.'];
    // Hosting delivers nowhere: an address sent along is not kept.
    address = null;
  } else if (delivery?.requires === 'address') {
    if (address === null) errors.delivery_content = ['Enter the delivery address.'];
    // The original app's cart always sends room 1; a home delivery is hosted nowhere.
    engineRoomId = null;
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return { ...plan, engineRoomId, address };
}

/**
 * The share the amount buys at the product's current price, refused if the product's live
 * orders would then hold more than its quantity. The product row stays locked until commit,
 * so orders for one product are checked one after another and never oversell it.
 */
async function reserveShare(trx: Db, plan: OrderPlan, exceptOrderId?: string): Promise<{ unitPrice: bigint; units: bigint }> {
  const product = await lockProduct(trx, plan.productId);
  if (product === undefined) throw validationError({ 'item_content.0.product_id': ['Unknown product.'] }, 'product_unknown');
  // Hidden products are not sold; an order placed before it was hidden may still be changed.
  if (!product.on_sale && exceptOrderId === undefined)
    throw validationError({ 'item_content.0.product_id': [productHiddenMessage] }, 'product_hidden');
  const unitPrice = BigInt(product.price);
  // Rounded up: a share never counts for less than it buys.
  const units = (plan.amount * unitScale + unitPrice - 1n) / unitPrice;
  const capacity = BigInt(product.quantity) * unitScale;
  const held = await unitsHeld(trx, plan.productId, exceptOrderId);
  if (held + units > capacity) {
    const left = capacity > held ? capacity - held : 0n;
    // The largest amount that still fits, rounded down to a ten-thousandth of a point.
    const amountLeft = (left * unitPrice) / unitScale;
    throw new ApiError(422, 'product_sold_out', soldOutMessage, {
      detail: { amount_left: pointsToNumber(amountLeft), units_left: pointsToNumber((left * pointScale) / unitScale) },
      errors: { amount: [soldOutMessage] },
    });
  }
  return { unitPrice, units };
}

/**
 * Refused unless the room takes new orders (when the order comes into it) and its live orders, this one
 * included, then hold no more units than its installed capacity (decision 052). Called after the product's
 * lock, in the same transaction: orders into one room are checked one after another and never overfill it.
 */
async function reserveRoom(
  trx: Db,
  plan: OrderPlan,
  share: { unitPrice: bigint; units: bigint },
  demoMode: boolean,
  comingIn: boolean,
  exceptOrderId?: string,
): Promise<void> {
  if (plan.engineRoomId === null) return;
  const room = await lockEngineRoom(trx, plan.engineRoomId);
  if (room === undefined) throw validationError({ engine_room_id: ['Unknown engine room.'] }, 'engine_room_unknown');
  if (comingIn && (!orderableRoomStates(demoMode).includes(room.state) || room.capacity_units === null))
    throw new ApiError(422, 'engine_room_not_offered', roomNotOfferedMessage, { errors: { engine_room_id: [roomNotOfferedMessage] } });
  if (room.capacity_units === null) return;
  const capacity = BigInt(room.capacity_units) * unitScale;
  const held = await unitsHeldInRoom(trx, room.id, exceptOrderId);
  if (held + share.units > capacity) {
    const left = capacity > held ? capacity - held : 0n;
    throw new ApiError(422, 'engine_room_full', roomFullMessage, {
      detail: {
        amount_left: pointsToNumber((left * share.unitPrice) / unitScale),
        units_left: pointsToNumber((left * pointScale) / unitScale),
      },
      errors: { amount: [roomFullMessage] },
    });
  }
}

/** One of the member's own orders: 404 when there is none, 403 (and nothing of it) when it is someone else's. */
export async function memberOrder(db: Db, userId: number, id: string): Promise<OrderJson> {
  const row = await findOrder(db, id);
  if (row === undefined) throw notFound('order_not_found', 'Order not found');
  if (row.user_id !== userId) throw forbidden();
  const [json] = await ordersJson(db, [row]);
  return json ?? orderJson(row, undefined);
}

export { countOrders, listOrders } from './order.repository.ts';
