import { type RawBuilder, sql } from 'kysely';
import { orderStatus } from '../../contract/statuses.ts';
import { unitScale } from '../shared/money.ts';
import { basisPoints } from './fee.ts';

/**
 * The income share rule (decision 010), stated once for the three that use it: the distribution
 * (distribution.ts) pays by it, the explanation of a day (distribution-explain.repository.ts) says
 * which part of it an order missed, and the revenue screen shows the pool before a day is run.
 *
 * - An order takes part in a day when it is paid off and was paid before the day's cut-off.
 * - The day's pool is its revenue less the operator's fee, the fee rounded in the room's favour.
 * - Each order earns its units over the room's basis in units of the pool, rounded down: the basis is
 *   the room's installed capacity, or the units sold when more were sold than it holds.
 */

/** Inlined rather than bound, so the planner can use the partial index of a room's paid orders (status = paid off). */
const paidOff = sql.lit(orderStatus.paidOff);

/** The order (a table name or alias) has been paid off. */
export const isPaidOff = (order: string): RawBuilder<boolean> => sql<boolean>`${sql.ref(`${order}.status`)} = ${paidOff}`;

/** The order was paid before the cut-off (a timestamptz). */
export const paidBefore = (order: string, cutOff: RawBuilder<unknown>): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(`${order}.paid_at`)} < ${cutOff}`;

/** The order takes part in a day that ends at `cutOff`. */
export const takesPart = (order: string, cutOff: RawBuilder<unknown>): RawBuilder<boolean> =>
  sql<boolean>`${isPaidOff(order)} and ${paidBefore(order, cutOff)}`;

/** The pool of a day's revenue (ten-thousandths of a point) at an operator's fee in basis points. */
export const poolOf = (revenue: RawBuilder<unknown>, feeBp: RawBuilder<unknown> | number): RawBuilder<string> =>
  sql<string>`floor(${revenue} * (${sql.lit(basisPoints)} - ${feeBp}) / ${sql.lit(basisPoints)})::bigint`;

/** The order's units in hundred-millionths, from its own amount and price, rounded up so the basis never undercounts what was sold. */
export const unitsOf = (order: string): RawBuilder<string> =>
  sql<string>`div(${sql.ref(`${order}.amount`)}::numeric * ${unitScale.toString()} + ${sql.ref(`${order}.unit_price`)} - 1, ${sql.ref(`${order}.unit_price`)})`;

/** The order's share of the pool over the basis (units in hundred-millionths), rounded down in exact integer arithmetic. */
export const shareOf = (order: string, pool: string | RawBuilder<unknown>, basisUnits: string | RawBuilder<unknown>): RawBuilder<string> =>
  sql<string>`div(${pool}::numeric * ${sql.ref(`${order}.amount`)} * ${unitScale.toString()}, ${sql.ref(`${order}.unit_price`)}::numeric * ${basisUnits}::numeric)::bigint`;

/** The basis a day's orders share by: the room's capacity in hundred-millionths of a unit, or the units sold when more were sold than it holds. */
export const basisOf = (capacityUnits: RawBuilder<unknown>, unitsSold: RawBuilder<unknown>): RawBuilder<string> =>
  sql<string>`greatest(${capacityUnits}::bigint * ${unitScale.toString()}::bigint, ${unitsSold}::bigint)`;
