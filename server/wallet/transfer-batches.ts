import type { Db } from '../db/database.ts';
import { sqlState } from '../shared/db-errors.ts';
import {
  transferInternally,
  transfersInternally,
  type InternalTransferOutcome,
  type InternalTransferRequest,
} from './transfer.repository.ts';

/** Batches being written at once: one executing while the one before it commits. */
const batchesInFlight = 2;
/** Transfers in one statement: a bound on one statement's locks and time. */
const batchSizeMax = 100;

interface Waiting {
  request: InternalTransferRequest;
  resolve: (outcome: InternalTransferOutcome) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for transfers (decision 034). A transfer that finds the database free goes at once,
 * alone; those that arrive while batches are being written wait and then go together, as one
 * statement and one commit, in the order they arrived (a member's transfer never goes beside an
 * earlier one of theirs still being written). Under load a commit then carries many
 * transfers instead of one, and a member's turn lock is taken once per batch, not once per transfer.
 */
class TransferQueue {
  readonly #db: Db;
  readonly #waiting: Waiting[] = [];
  #inFlight = 0;
  /** Members with a transfer in a batch being written (no two batches in flight share one). */
  readonly #membersInFlight = new Set<number>();

  constructor(db: Db) {
    this.#db = db;
  }

  /** Transfers submitted and not yet taken into a batch. */
  get waiting(): number {
    return this.#waiting.length;
  }

  submit(request: InternalTransferRequest): Promise<InternalTransferOutcome> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ request, resolve, reject });
      this.#next();
    });
  }

  #next(): void {
    while (this.#inFlight < batchesInFlight) {
      const batch = this.#waiting.splice(0, this.#takeable());
      if (batch.length === 0) return;
      const members = new Set(batch.map((waiting) => waiting.request.userId));
      for (const member of members) this.#membersInFlight.add(member);
      this.#inFlight += 1;
      void this.#write(batch).finally(() => {
        for (const member of members) this.#membersInFlight.delete(member);
        this.#inFlight -= 1;
        this.#next();
      });
    }
  }

  /**
   * How many of the first waiting transfers the next batch may take: up to the first whose member is in
   * the batch being written. Two batches in flight race for the database's locks on separate connections,
   * so a member's later transfer could take its turn before an earlier one; it waits for the earlier
   * batch's commit instead, and each member's transfers are written in the order they arrived.
   */
  #takeable(): number {
    const most = Math.min(batchSizeMax, this.#waiting.length);
    let count = 0;
    while (count < most && !this.#membersInFlight.has((this.#waiting[count] as Waiting).request.userId)) count += 1;
    return count;
  }

  async #write(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) return alone(this.#db, batch[0] as Waiting);
    let outcomes: InternalTransferOutcome[];
    try {
      outcomes = await transfersInternally(
        this.#db,
        batch.map((waiting) => waiting.request),
      );
    } catch (error) {
      // The database refused the statement (it answered a SQLSTATE), so nothing of it was written: each goes again alone, and
      // only the one at fault fails. Any other failure (the connection lost) may have come after the
      // commit, and a transfer without a key must never be written twice: all fail, as one would alone.
      if (sqlState(error) === undefined) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      await Promise.all(batch.map((waiting) => alone(this.#db, waiting)));
      return;
    }
    batch.forEach((waiting, index) => waiting.resolve(outcomes[index] as InternalTransferOutcome));
  }
}

/** Times a lone transfer chosen as a deadlock's victim is tried again: nothing of it was written. */
const deadlockRetries = 3;

async function alone(db: Db, waiting: Waiting): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      waiting.resolve(await transferInternally(db, waiting.request));
      return;
    } catch (error) {
      if (attempt < deadlockRetries && sqlState(error) === deadlockDetected) continue;
      waiting.reject(error);
      return;
    }
  }
}

const deadlockDetected = '40P01';

const queues = new WeakMap<Db, TransferQueue>();

/** Writes a transfer to an internal partner's wallet, together with any others waiting on the same database. */
export function transferInBatch(db: Db, request: InternalTransferRequest): Promise<InternalTransferOutcome> {
  let queue = queues.get(db);
  if (queue === undefined) {
    queue = new TransferQueue(db);
    queues.set(db, queue);
  }
  return queue.submit(request);
}

/** Transfers this process holds for the database, not yet taken into a batch (the metrics' queue size). */
export function transfersWaiting(db: Db): number {
  return queues.get(db)?.waiting ?? 0;
}
