import type { DatabaseHandle, Db } from '../db/database.ts';
import type { StopListening } from '../db/listen-notify.ts';
import { readWorkCounts } from './dashboard.service.ts';

/** The channel a queue's change is announced on by the database itself (migration 0050, decision 065). */
export const operatorWorkChannel = 'operator_work';

/**
 * Counts that no notification announces change with time alone (a machine falls silent, a failed transfer
 * leaves the last 24 hours), so the counts are read again after this long even when nothing was announced.
 * With the back office asking every 5 s, a machine that falls silent is counted within 10 s.
 */
const countsLifetimeMs = 5_000;

export type WorkCounts = Awaited<ReturnType<typeof readWorkCounts>>;

/**
 * The work waiting, once per process rather than once per open back office: read on demand, kept until a
 * queue announces a change (or for `countsLifetimeMs`), so a notice sent on any process shows on the
 * next ask. Trusted only while notifications flow; a listener that drops makes every ask read afresh.
 * `generation` also tells the alert rounds whether anything changed since they last looked.
 */
export class WorkCountsCache {
  #counts: { value: WorkCounts; readAtMs: number } | undefined;
  #reading: { generation: number; promise: Promise<WorkCounts> } | undefined;
  #generation = 0;
  #listening = false;
  #stop: StopListening | undefined;

  async start(database: DatabaseHandle): Promise<void> {
    this.#stop = await database.listen(operatorWorkChannel, {
      onMessage: () => this.#changed(),
      onListening: () => {
        this.#listening = true;
        this.#changed();
      },
      onLost: () => {
        this.#listening = false;
        this.#changed();
      },
    });
  }

  async stop(): Promise<void> {
    await this.#stop?.();
    this.#stop = undefined;
  }

  /** Bumped whenever the work may have changed; a reader that sees it unchanged may trust what it read before. */
  get generation(): number {
    return this.#generation;
  }

  get listening(): boolean {
    return this.#listening;
  }

  /**
   * The counts; `fresh` reads them from the database whatever is kept, for an operator who just settled an item
   * and should not see it counted while the announcement of their own change is still on its way.
   */
  async read(db: Db, { fresh = false, now = new Date() } = {}): Promise<WorkCounts> {
    const kept = this.#counts;
    if (!fresh && this.#listening && kept !== undefined && now.getTime() - kept.readAtMs < countsLifetimeMs) return kept.value;
    // Asks that arrive together share one read, unless a change was announced after it began.
    if (!fresh && this.#reading?.generation === this.#generation) return this.#reading.promise;
    const generation = this.#generation;
    const promise = readWorkCounts(db, now).finally(() => {
      if (this.#reading?.promise === promise) this.#reading = undefined;
    });
    this.#reading = { generation, promise };
    const value = await promise;
    if (this.#listening && generation === this.#generation) this.#counts = { value, readAtMs: now.getTime() };
    return value;
  }

  #changed(): void {
    this.#generation += 1;
    this.#counts = undefined;
  }
}
