import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * PostgreSQL's LISTEN/NOTIFY, on either database. A listener hears what any process sends on its
 * channel once the sending transaction commits. `onLost` is called whenever notifications may have
 * been missed (the connection dropped), `onListening` whenever they flow again, so a cache fed by
 * them can stop trusting itself in between.
 */
export interface ChannelHandlers {
  onMessage(payload: string): void;
  onListening(): void;
  onLost(): void;
}

export type StopListening = () => Promise<void>;

/** Waits this long before reconnecting a dropped listener, so a database that is down is not hammered. */
const reconnectDelayMs = 1_000;

/** A channel name is an identifier: only these are ever used, so it is checked, never quoted. */
const channelPattern = /^[a-z_]+$/;

export async function listenOnPglite(pglite: PGlite, channel: string, handlers: ChannelHandlers): Promise<StopListening> {
  const unlisten = await pglite.listen(channel, handlers.onMessage);
  handlers.onListening();
  return async () => {
    handlers.onLost();
    // A closed database has already dropped its listeners.
    if (!pglite.closed) await unlisten();
  };
}

/** One connection per process, outside the pool, kept open and reconnected for as long as it is wanted. */
export function listenOnPostgres(connectionString: string, channel: string, handlers: ChannelHandlers): StopListening {
  if (!channelPattern.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const lost = (failed: pg.Client) => {
    if (client !== failed) return;
    client = undefined;
    handlers.onLost();
    failed.removeAllListeners();
    failed.on('error', () => undefined);
    void failed.end().catch(() => undefined);
    if (!stopped) retry = setTimeout(connect, reconnectDelayMs);
  };

  const connect = () => {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on('notification', (message) => handlers.onMessage(message.payload ?? ''));
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next
      .connect()
      .then(() => next.query(`listen ${channel}`))
      .then(() => {
        if (client === next && !stopped) handlers.onListening();
      })
      .catch(() => lost(next));
  };
  connect();

  return async () => {
    stopped = true;
    clearTimeout(retry);
    const open = client;
    client = undefined;
    handlers.onLost();
    if (open !== undefined) {
      open.removeAllListeners();
      open.on('error', () => undefined);
      await open.end().catch(() => undefined);
    }
  };
}
