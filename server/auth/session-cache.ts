import type { DatabaseHandle } from '../db/database.ts';
import type { StopListening } from '../db/listen-notify.ts';

/** The channel a revocation is announced on, with the member's id as payload (decision 021). */
export const sessionRevokedChannel = 'session_revoked';

/** A live session as the member guard needs it. */
export interface CachedSession {
  sessionId: string;
  userId: number;
  lastSeenAtMs: number;
}

/**
 * A safety net, not the mechanism: revocations evict at once through NOTIFY; an entry is also
 * dropped after this long, so a session edited behind the product's back is seen within it.
 */
const entryLifetimeMs = 30_000;
/** Bounds the process's memory whatever the number of members: the oldest entries go first. */
const entriesMax = 100_000;

/**
 * Live member sessions by token hash, so a member's request need not ask the database who it is.
 * Only live sessions are kept; a revoked, unknown or idle token always goes to the database, which
 * gives the exact reason. Entries are trusted only while notifications flow: a listener that
 * drops clears the cache and turns it off until it is back, so no revocation is missed.
 */
export class SessionCache {
  readonly #entries = new Map<string, CachedSession & { cachedAtMs: number }>();
  /** Token hashes by member, so a revocation evicts without walking every entry. */
  readonly #hashesByMember = new Map<number, Set<string>>();
  /** Bumped by every eviction: a look-up that overlapped one may have read the row before the revocation. */
  #generation = 0;
  #listening = false;
  #stop: StopListening | undefined;

  async start(database: DatabaseHandle): Promise<void> {
    this.#stop = await database.listen(sessionRevokedChannel, {
      onMessage: (payload) => this.evictMember(Number(payload)),
      onListening: () => {
        this.#listening = true;
      },
      onLost: () => {
        this.#listening = false;
        this.clear();
      },
    });
  }

  async stop(): Promise<void> {
    await this.#stop?.();
    this.#stop = undefined;
  }

  /** The generation to hand back to `remember`: take it before reading the session from the database. */
  get generation(): number {
    return this.#generation;
  }

  find(tokenHash: string, nowMs: number): CachedSession | undefined {
    const entry = this.#entries.get(tokenHash);
    if (entry === undefined) return undefined;
    if (!this.#listening || nowMs - entry.cachedAtMs > entryLifetimeMs) {
      this.#forget(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** Keeps a live session read at `generation`, unless a revocation arrived while it was being read. */
  remember(tokenHash: string, session: CachedSession, generation: number, nowMs: number): void {
    if (!this.#listening || generation !== this.#generation) return;
    if (this.#entries.size >= entriesMax) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#forget(oldest.value);
    }
    this.#entries.set(tokenHash, { ...session, cachedAtMs: nowMs });
    const hashes = this.#hashesByMember.get(session.userId) ?? new Set<string>();
    hashes.add(tokenHash);
    this.#hashesByMember.set(session.userId, hashes);
  }

  /** After the session's last-seen time was written. */
  touched(tokenHash: string, lastSeenAtMs: number): void {
    const entry = this.#entries.get(tokenHash);
    if (entry !== undefined) entry.lastSeenAtMs = lastSeenAtMs;
  }

  evictMember(userId: number): void {
    this.#generation += 1;
    for (const hash of this.#hashesByMember.get(userId) ?? []) this.#entries.delete(hash);
    this.#hashesByMember.delete(userId);
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#hashesByMember.clear();
  }

  #forget(tokenHash: string): void {
    const entry = this.#entries.get(tokenHash);
    if (entry === undefined) return;
    this.#entries.delete(tokenHash);
    const hashes = this.#hashesByMember.get(entry.userId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.#hashesByMember.delete(entry.userId);
  }
}
