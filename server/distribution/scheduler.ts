import type { FastifyBaseLogger } from 'fastify';
import { repeatEvery } from '../shared/repeat.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { pointsToNumber } from '../shared/money.ts';
import { distributeIncome } from './distribution.service.ts';

/**
 * How often the server looks for ended business days to distribute. A day ends at midnight in
 * the business time zone; within this long after it, its income is paid. Looking is one small
 * query, and a process that was down catches up on its first look.
 */
export const distributionCheckMs = 5 * 60_000;

/** Starts the schedule; returns the function that stops it (and waits for a run in progress). */
export function scheduleDistribution(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  metrics?: Metrics,
  everyMs = distributionCheckMs,
): () => Promise<void> {
  // The first look a second after start: a day that ended while the server was down is shared at once.
  return repeatEvery(
    everyMs,
    () => {
      const startedMs = performance.now();
      const measure = (outcome: 'ok' | 'failed') =>
        metrics?.distributionSeconds.observe({ outcome }, (performance.now() - startedMs) / 1000);
      return distributeIncome(db, config)
        .then((summary) => {
          measure('ok');
          metrics?.distributionOrders.inc(summary.ordersCredited);
          metrics?.distributionPoints.inc(pointsToNumber(summary.amountCredited));
          if (summary.days.length > 0) {
            log.info(
              { days: summary.days.length, orders: summary.ordersCredited, total: summary.amountCredited.toString() },
              'income distributed',
            );
          }
        })
        .catch((error: unknown) => {
          measure('failed');
          log.error({ err: error }, 'income distribution failed; the next run tries again');
        });
    },
    1_000,
  );
}
