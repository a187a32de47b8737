import { sql, type ExpressionBuilder } from 'kysely';
import type { OrderStatus } from '../../contract/statuses.ts';
import { containsPattern } from '../shared/contains-pattern.ts';
import type { Db } from '../db/database.ts';
import { dayEnd, dayStart } from '../db/business-day.ts';
import type { Database } from '../db/schema.ts';
import { newestFirstInBatches } from '../db/newest-first-batches.ts';

/** What the back office's orders index narrows to; every part optional, all given parts must hold. */
export interface OrderIndexFilter {
  status?: OrderStatus | undefined;
  roomId?: number | undefined;
  paymentMethodId?: number | undefined;
  /** Business days (YYYY-MM-DD) the order was placed in, both ends included, as the days were drawn (decision 047). */
  from?: string | undefined;
  to?: string | undefined;
  /** Any part of the order number, the member's username or real name, or the bank reference; any case. */
  query?: string | undefined;
}

export interface OrderIndexRow {
  id: string;
  order_number: string;
  user_id: number;
  username: string;
  realname: string | null;
  product_name: string;
  product_names: Partial<Record<'zhs' | 'zht' | 'eng', string>>;
  engine_room_id: number | null;
  room_name: string | null;
  room_names: Partial<Record<'zhs' | 'zht' | 'eng', string>> | null;
  units_e8: string;
  amount: string;
  payment_method: string;
  status: OrderStatus;
  created_at: Date;
  paid_at: Date | null;
  payer_name: string | null;
  bank_reference: string | null;
}

function matching(text: string) {
  const pattern = containsPattern(text.trim());
  // The members are matched on their own (a few thousand rows) and their orders found by member, rather than
  // every order's member compared: the planner then reads the few orders it needs (10,000 members, 100,000
  // orders: 382 ms → see docs/performance.md).
  return (eb: ExpressionBuilder<Database & { o: Database['orders']; u: Database['users'] }, 'o' | 'u'>) =>
    eb.or([
      eb('o.order_number', 'ilike', pattern),
      eb('o.bank_reference', 'ilike', pattern),
      eb(
        'o.user_id',
        'in',
        eb
          .selectFrom('users as m')
          .select('m.id')
          .where((inner) => inner.or([inner('m.username', 'ilike', pattern), inner('m.realname', 'ilike', pattern)])),
      ),
    ]);
}

function filtered(db: Db, filter: OrderIndexFilter) {
  let query = db.selectFrom('orders as o').innerJoin('users as u', 'u.id', 'o.user_id');
  if (filter.status !== undefined) query = query.where('o.status', '=', filter.status);
  if (filter.roomId !== undefined) query = query.where('o.engine_room_id', '=', filter.roomId);
  if (filter.paymentMethodId !== undefined) query = query.where('o.payment_method_id', '=', filter.paymentMethodId);
  if (filter.from !== undefined) query = query.where('o.created_at', '>=', dayStart(sql`${filter.from}::date`));
  if (filter.to !== undefined) query = query.where('o.created_at', '<', dayEnd(sql`${filter.to}::date`));
  if (filter.query !== undefined && filter.query.trim() !== '') query = query.where(matching(filter.query));
  return query;
}

export async function countOrders(db: Db, filter: OrderIndexFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function rows(db: Db, filter: OrderIndexFilter) {
  return filtered(db, filter)
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .innerJoin('payment_methods as pm', 'pm.id', 'o.payment_method_id')
    .leftJoin('engine_rooms as r', 'r.id', 'o.engine_room_id')
    .select([
      sql<string>`o.id::text`.as('id'),
      'o.order_number',
      'o.user_id',
      'u.username',
      'u.realname',
      'p.name as product_name',
      'p.names as product_names',
      'o.engine_room_id',
      'r.name as room_name',
      'r.names as room_names',
      sql<string>`o.units_e8::text`.as('units_e8'),
      sql<string>`o.amount::text`.as('amount'),
      'pm.name as payment_method',
      'o.status',
      'o.created_at',
      'o.paid_at',
      'o.payer_name',
      'o.bank_reference',
    ])
    .orderBy('o.id', 'desc');
}

/** One page of the orders found, newest first. */
export async function listOrders(db: Db, filter: OrderIndexFilter, offset: number, limit: number): Promise<OrderIndexRow[]> {
  return (await rows(db, filter).offset(offset).limit(limit).execute()) as OrderIndexRow[];
}

/** Every order found, newest first, a batch at a time (the CSV export). */
export function allOrders(db: Db, filter: OrderIndexFilter): AsyncGenerator<OrderIndexRow> {
  return newestFirstInBatches(async (before, limit) => {
    const query = before === undefined ? rows(db, filter) : rows(db, filter).where('o.id', '<', before);
    return (await query.limit(limit).execute()) as OrderIndexRow[];
  });
}
