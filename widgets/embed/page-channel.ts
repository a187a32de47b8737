import { isMessageOf, type PageToFrame } from './frame-protocol.ts';

/** The session channel as the page that framed us handed it over. */
export interface PageChannel {
  port: MessagePort;
  /** The widgets the page shows so far. */
  shows: string[];
}

/**
 * Waits, in one of our frames, for the port the page that framed it hands over, once: a message the
 * browser delivered (never one a script dispatched), from the parent window, whose origin `accepts`.
 * Any later hand-over is ignored, so this frame serves that one channel alone.
 */
export function pageChannel(accepts: (origin: string) => boolean): Promise<PageChannel> {
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      const port = event.ports[0];
      if (!event.isTrusted || event.source !== parent || !accepts(event.origin) || port === undefined) return;
      if (!isMessageOf<PageToFrame>(event.data) || event.data.gs !== 'connect') return;
      removeEventListener('message', onMessage);
      const shows: unknown = event.data.shows;
      resolve({ port, shows: Array.isArray(shows) ? shows.filter((tag): tag is string => typeof tag === 'string') : [] });
    };
    addEventListener('message', onMessage);
  });
}
