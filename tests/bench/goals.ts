/**
 * Issue 39's goals in one place, each beside what it is measured against in the same run, with the
 * server CPU a request of each kind costs, and for a goal not met, where the time went.
 */
import type { FixedCost } from './fixed-cost.ts';
import { ratioAgainstGoal, type Figure } from './load.ts';
import { routeFigure, type ServerFigures } from './member-figures.ts';
import type { PgbenchLimits } from './pgbench.ts';

const goals = { healthOfBare: 0.7, checkOfReads: 0.15, hotDepositOfWrites: 0.5, p99AtFiftyMs: 50 };

const serverCpu = (figure: Figure | undefined) => `server CPU ${(figure?.cpu?.server ?? 0).toFixed(0)} µs a request`;
/** "server 280, PostgreSQL 410, load generator 90 µs": the CPU a request took on each side. */
const split = (figure: Figure | undefined) =>
  `server ${(figure?.cpu?.server ?? 0).toFixed(0)}, PostgreSQL ${(figure?.cpu?.postgres ?? 0).toFixed(0)}, load generator ${(figure?.cpu?.loadGenerator ?? 0).toFixed(0)} µs`;

function transfer(figures: ServerFigures, hot: boolean, connections: number): Figure | undefined {
  return figures.transfers.find((item) => item.connections === connections && (item.label === 'one hot member') === hot)?.figure;
}

export function printGoals(figures: ServerFigures, fixedCost: FixedCost, limits: PgbenchLimits | { missing: string }): void {
  const check = routeFigure(figures, '/api/v1/check');
  const hot = transfer(figures, true, 10);
  const spreadFifty = transfer(figures, false, 50);
  const hotFifty = transfer(figures, true, 50);
  const worstP99 = Math.max(spreadFifty?.p99 ?? Infinity, hotFifty?.p99 ?? Infinity);
  const line = (label: string, ratio: string, cpu: string) => console.log(`  ${label.padEnd(44)} ${ratio.padEnd(30)} ${cpu}`);
  console.log("Issue 39's goals in this run (PostgreSQL, one process, 10 connections unless stated):");
  line(
    'GET /api/health, of bare Fastify',
    ratioAgainstGoal(fixedCost.product.rps, fixedCost.bare.rps, goals.healthOfBare),
    `${serverCpu(fixedCost.product)} (bare Fastify ${(fixedCost.bare.cpu?.server ?? 0).toFixed(0)})`,
  );
  if ('missing' in limits) console.log(`  ${limits.missing}`);
  else {
    line('GET /api/v1/check, of pgbench -S', ratioAgainstGoal(check.rps, limits.reads, goals.checkOfReads), serverCpu(check));
    line(
      'deposit, one hot member, of pgbench -N',
      ratioAgainstGoal(hot?.rps ?? 0, limits.writes, goals.hotDepositOfWrites),
      serverCpu(hot),
    );
  }
  line(
    'deposits at 50 connections, p99',
    `${spreadFifty?.p99 ?? '?'} ms spread, ${hotFifty?.p99 ?? '?'} ms hot (goal ≤ ${goals.p99AtFiftyMs} ms: ${worstP99 <= goals.p99AtFiftyMs ? 'met' : 'not met'})`,
    '',
  );
  // Where the time of what is not met went, from the same figures: health's gap is split above (fixed cost).
  if (worstP99 > goals.p99AtFiftyMs)
    console.log(`    CPU of a deposit at 50 connections, hot: ${split(hotFifty)}; spread: ${split(spreadFifty)}`);
}
