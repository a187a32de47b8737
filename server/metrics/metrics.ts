import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/database.ts';

/**
 * What one server process measures about itself, for Prometheus (docs/decisions/056-metrics.md). One
 * registry per app, so the tests' many apps in one process never share a series; the process's own
 * figures (CPU, memory, event-loop delay) join it only where the metrics port is served.
 */
export interface Metrics {
  readonly registry: Registry;
  /** Requests answered, by method, route pattern and status code. */
  readonly requests: Counter<'method' | 'route' | 'status'>;
  /** Time from the request's arrival to its answer sent, by method and route pattern. */
  readonly requestSeconds: Histogram<'method' | 'route'>;
  /** Refusals and failures answered, by the envelope's `error_code` (decision 015). */
  readonly errors: Counter<'code'>;
  /** Time each database statement took, by whether it failed. */
  readonly querySeconds: Histogram<'outcome'>;
  /** Brand-site builds by kind (preview, publish) and outcome, with their duration. */
  readonly siteBuildSeconds: Histogram<'kind' | 'outcome'>;
  /** Runs of the income distribution by outcome, with their duration; the orders and amount credited. */
  readonly distributionSeconds: Histogram<'outcome'>;
  readonly distributionOrders: Counter;
  readonly distributionPoints: Counter;
}

/** Latency buckets (seconds) from a cached answer to a slow report. */
const requestBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const queryBuckets = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];
/** A preview or publish takes seconds to minutes; a distribution of many orders, minutes. */
const longBuckets = [1, 2.5, 5, 10, 20, 40, 60, 120, 300, 600, 1800];

export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    requests: new Counter({
      name: 'gs_http_requests_total',
      help: 'Requests answered, by method, route pattern (unmatched for none) and status code',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    requestSeconds: new Histogram({
      name: 'gs_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: requestBuckets,
      registers,
    }),
    errors: new Counter({
      name: 'gs_http_errors_total',
      help: 'Refusals and failures answered, by the error_code of the envelope',
      labelNames: ['code'],
      registers,
    }),
    querySeconds: new Histogram({
      name: 'gs_db_query_duration_seconds',
      help: 'Time each database statement took, by outcome (ok or error)',
      labelNames: ['outcome'],
      buckets: queryBuckets,
      registers,
    }),
    siteBuildSeconds: new Histogram({
      name: 'gs_site_build_duration_seconds',
      help: 'Brand-site builds by kind (preview or publish) and outcome (succeeded or failed), and how long each took',
      labelNames: ['kind', 'outcome'],
      buckets: longBuckets,
      registers,
    }),
    distributionSeconds: new Histogram({
      name: 'gs_distribution_run_duration_seconds',
      help: 'Runs of the income distribution by outcome (ok or failed), and how long each took',
      labelNames: ['outcome'],
      buckets: longBuckets,
      registers,
    }),
    distributionOrders: new Counter({
      name: 'gs_distribution_orders_credited_total',
      help: 'Orders credited income by this process’s distribution runs',
      registers,
    }),
    distributionPoints: new Counter({
      name: 'gs_distribution_points_credited_total',
      help: 'Points credited as income by this process’s distribution runs (a gauge of activity, not the books: the ledger is)',
      registers,
    }),
  };
}

/** The database connections of this process, when it has a pool (PostgreSQL). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** What is read at each scrape rather than counted as it happens. */
export interface ScrapeSources {
  db: Db;
  pool: (() => PoolStats) | undefined;
  /** Items waiting in the operators' queues, as the back office counts them. */
  workCounts: (db: Db) => Promise<Record<string, number>>;
  /** Member transfers waiting in this process to be written. */
  transfersWaiting: (db: Db) => number;
}

/** Gauges read when scraped: the pool, the operators' queues (one small query) and the transfer queue. */
export function addScrapedGauges(metrics: Metrics, sources: ScrapeSources): void {
  const registers = [metrics.registry];
  if (sources.pool !== undefined) {
    const pool = sources.pool;
    new Gauge({
      name: 'gs_db_pool_connections',
      help: 'Database connections of this process, by state: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = pool();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  new Gauge({
    name: 'gs_work_waiting',
    help: 'Items waiting in the operators’ queues (payment notices, verifications, withdrawals, refunds owed, machines offline)',
    labelNames: ['queue'],
    registers,
    async collect() {
      for (const [queue, count] of Object.entries(await sources.workCounts(sources.db))) this.set({ queue }, count);
    },
  });
  new Gauge({
    name: 'gs_transfers_waiting',
    help: 'Member wallet transfers waiting in this process to be written',
    registers,
    collect() {
      this.set(sources.transfersWaiting(sources.db));
    },
  });
}

/** The process's own figures (CPU, memory, event-loop delay, garbage collection), for the served registry only. */
export function addProcessMetrics(metrics: Metrics): void {
  collectDefaultMetrics({ register: metrics.registry, prefix: 'gs_' });
}
