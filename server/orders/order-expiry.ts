import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { recordAudits } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { repeatEvery } from '../shared/repeat.ts';
import { cancelOrdersPendingSince } from './order.repository.ts';
import { orderStatus } from '../../contract/statuses.ts';

/**
 * Cancels orders that have waited for payment (status 1) longer than ORDER_EXPIRY_DAYS since they
 * became payable, releasing their share of the product. One UPDATE … WHERE status = 1: a second
 * process running at the same moment waits on the same rows, then finds them no longer pending,
 * so running it anywhere, any number of times, cancels each order once. Each cancellation is in
 * the audit log as a system action (no operator), in the same transaction.
 */
export async function expireOrders(db: Db, config: Pick<Config, 'orderExpiryMs'>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - config.orderExpiryMs);
  return db.transaction().execute(async (trx) => {
    const expired = await cancelOrdersPendingSince(trx, cutoff, now);
    await recordAudits(
      trx,
      expired.map((order) => ({
        operatorId: null,
        action: 'order.expire',
        subjectType: 'order',
        subjectId: order.id,
        before: { status: orderStatus.pendingPayment, pending_since: new Date(order.pending_since).toISOString() },
        after: { status: orderStatus.cancelled, cancelled_at: now.toISOString() },
      })),
    );
    return expired.length;
  });
}

export interface RunningJob {
  stop(): Promise<void>;
}

/**
 * Runs `expireOrders` every ORDER_EXPIRY_CHECK_MINUTES in this process. A run never overlaps the
 * previous one, and `stop` waits for a run in flight so the database can close after it.
 */
export function startOrderExpiry(db: Db, config: Pick<Config, 'orderExpiryMs' | 'orderExpiryCheckMs'>, log: FastifyBaseLogger): RunningJob {
  if (config.orderExpiryCheckMs === 0) return { stop: async () => undefined };
  const stop = repeatEvery(config.orderExpiryCheckMs, () =>
    expireOrders(db, config)
      .then((count) => {
        if (count > 0) log.info({ count }, 'expired unpaid orders');
      })
      .catch((error: unknown) => log.error({ err: error }, 'order expiry failed')),
  );
  return { stop };
}
