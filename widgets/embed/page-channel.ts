import { isMessageOf, type PageToFrame } from './frame-protocol.ts';

/**
 * Waits, in one of our frames, for the port the page that framed it hands over, once: a message the
 * browser delivered (never one a script dispatched), from the parent window, whose origin `accepts`.
 * Any later hand-over is ignored, so this frame serves that one channel alone.
 */
export function pageChannel(accepts: (origin: string) => boolean): Promise<MessagePort> {
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      const port = event.ports[0];
      if (!event.isTrusted || event.source !== parent || !accepts(event.origin) || port === undefined) return;
      if (!isMessageOf<PageToFrame>(event.data) || event.data.gs !== 'connect') return;
      removeEventListener('message', onMessage);
      resolve(port);
    };
    addEventListener('message', onMessage);
  });
}
