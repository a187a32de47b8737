import type { DatabaseHandle, Db } from '../db/database.ts';
import type { StopListening } from '../db/listen-notify.ts';
import { listPartnerSitesForDirectory, partnerSitesChangedChannel } from './partner-sites.repository.ts';

/** An enabled partner site as requests need it. */
export interface EnabledPartnerSite {
  id: number;
  origin: string;
  referralCode: string | null;
}

/** A directory that could not load retries on use at most this often, until its listener reconnects. */
const retryAfterFailureMs = 1_000;

/**
 * The enabled partner sites by origin, in memory, so CORS, the session frame and attribution ask
 * no query per request (decision 017). Every change to the table is announced with NOTIFY in its
 * transaction; each process's directory reloads when it hears one, and whenever its listener
 * (re)connects, since changes may have been missed while it was down. The process that made a change
 * also reloads right after commit, so its own next request is exact. Until the first load succeeds the
 * directory is empty: no partner origin is allowed rather than a stale or guessed one.
 */
export class PartnerSiteDirectory {
  #sites = new Map<string, EnabledPartnerSite>();
  /** The origins of the disabled sites: their open pages' requests are refused. */
  #disabled = new Set<string>();
  /** When the last load that succeeded started. */
  #loadedAtMs = 0;
  #db: Db | undefined;
  #stop: StopListening | undefined;
  /** Reloads asked for, and the last of them a finished load has answered. */
  #requested = 0;
  #answered = 0;
  #loading: Promise<void> | undefined;
  #loaded = false;
  #failedAtMs = 0;

  async start(database: DatabaseHandle): Promise<void> {
    this.#db = database.db;
    this.#stop = await database.listen(partnerSitesChangedChannel, {
      onMessage: () => void this.refresh(),
      onListening: () => void this.refresh(),
      // The last list stays in use: a reload follows as soon as the listener is back.
      onLost: () => undefined,
    });
    await this.refresh();
  }

  async stop(): Promise<void> {
    await this.#stop?.();
    this.#stop = undefined;
    this.#db = undefined;
    await this.#loading;
  }

  /** The enabled site with this exact origin (as a browser sends it), if any. */
  find(origin: string | undefined): EnabledPartnerSite | undefined {
    if (!this.#loaded && this.#db !== undefined && Date.now() - this.#failedAtMs > retryAfterFailureMs) void this.refresh();
    return origin === undefined ? undefined : this.#sites.get(origin);
  }

  /** True for a site an operator has disabled (an unknown origin is not: it is ignored, as ever). */
  isDisabled(origin: string): boolean {
    return this.#disabled.has(origin);
  }

  /**
   * Reloads first when the list is older than `maxAgeMs`, so a caller's answer is never older than that
   * even while notifications are not arriving (a listener down, a process that missed one).
   */
  async fresh(maxAgeMs: number): Promise<void> {
    if (Date.now() - this.#loadedAtMs > maxAgeMs) await this.refresh();
  }

  /**
   * Reloads from the database; resolves once a load that started after this call has finished,
   * so a caller that just committed a change sees it. Loads never overlap.
   */
  async refresh(): Promise<void> {
    if (this.#db === undefined) return;
    this.#requested += 1;
    const ticket = this.#requested;
    while (this.#answered < ticket) {
      this.#loading ??= this.#load().finally(() => {
        this.#loading = undefined;
      });
      await this.#loading;
    }
  }

  async #load(): Promise<void> {
    const db = this.#db;
    if (db === undefined) return;
    // Every reload asked for before this read starts is answered by it.
    const answers = this.#requested;
    const startedAtMs = Date.now();
    try {
      const rows = await listPartnerSitesForDirectory(db);
      const enabled = rows.filter((row) => row.enabled);
      this.#sites = new Map(enabled.map((row) => [row.origin, { id: row.id, origin: row.origin, referralCode: row.referral_code }]));
      this.#disabled = new Set(rows.filter((row) => !row.enabled).map((row) => row.origin));
      this.#loaded = true;
      this.#loadedAtMs = startedAtMs;
    } catch {
      // The database is unreachable: keep what is known; the listener's reconnect or the next use retries.
      this.#failedAtMs = Date.now();
    }
    this.#answered = Math.max(this.#answered, answers);
  }
}
