import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { perPageDefault } from '../http/paging.ts';
import { readSettings } from '../revenue/income-settings.repository.ts';
import { notFound } from '../shared/errors.ts';
import {
  countExplainedOrders,
  dayCorrections,
  dayFacts,
  listExplainedOrders,
  outcomeCounts,
  type OrderOutcome,
} from './distribution-explain.repository.ts';

/** What a room day's explanation reads: the day's figures at the fee now set, its corrections, and one page of its orders. */
export async function explainDay(
  db: Db,
  config: Config,
  roomId: number,
  day: string,
  page: { offset: number; outcome?: OrderOutcome | undefined },
) {
  const settings = await readSettings(db, config);
  const facts = await dayFacts(db, roomId, day, settings.operator_fee_bp);
  if (facts === undefined) throw notFound('engine_room_not_found', 'Engine room not found');
  const corrections = await dayCorrections(db, roomId, day, new Date());
  const [counts, total, rows] = await Promise.all([
    outcomeCounts(db, roomId, day),
    countExplainedOrders(db, roomId, day, page.outcome),
    listExplainedOrders(db, roomId, day, page.offset, perPageDefault, page.outcome),
  ]);
  return { day, facts, corrections, counts, total, rows };
}

export { orderOutcomes } from './distribution-explain.repository.ts';
