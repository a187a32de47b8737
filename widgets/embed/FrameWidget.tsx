import { useEffect, useRef, useState } from 'react';
import { $apiOrigin } from '../core/api-origin.ts';
import { useHostEvents } from '../core/host-events.ts';
import { useI18n } from '../core/i18n.ts';
import { frameUrl, isMessageOf, type FrameToPage, type PageToFrame } from './frame-protocol.ts';
import { frameTitleKeys } from './frame-titles.ts';
import { themeProperties } from './frame-theme.ts';

/**
 * A widget on a partner's page whose screen runs in a frame on our origin (decision 054): the
 * login, register and password forms, the bank cards, verification and the withdrawal. The
 * member's password, token, card numbers and personal data never touch the partner's page, and
 * no script there can act through them. The frame grows to fit its screen, follows the widget's
 * language, takes the partner's theme properties, and tells the page of a card chosen for editing.
 */
export function frameWidget(screen: keyof typeof frameTitleKeys) {
  return function FrameWidget() {
    const { locale, t } = useI18n();
    const hostEvents = useHostEvents();
    const frame = useRef<HTMLIFrameElement>(null);
    const [height, setHeight] = useState<number | undefined>(undefined);
    // The address carries the first language only: a change later is a message, so typing is not lost.
    const [src] = useState(() => frameUrl($apiOrigin.get(), location.origin, screen, locale));

    const loaded = useRef(false);
    const heard = useRef(false);
    // Before it has loaded, the frame is still a blank page of the partner's: nothing is said to it.
    const tell = (message: PageToFrame) => {
      if (loaded.current) frame.current?.contentWindow?.postMessage(message, $apiOrigin.get());
    };

    useEffect(() => {
      const onMessage = (event: MessageEvent) => {
        // A message the browser delivered from our frame: one a script of the page dispatched is not believed.
        if (!event.isTrusted || event.source !== frame.current?.contentWindow || event.origin !== $apiOrigin.get()) return;
        if (!isMessageOf<FrameToPage>(event.data)) return;
        const message = event.data;
        if (message.gs === 'resize') {
          // The frame's form code loads after the frame itself, so what was said at its load can go unheard:
          // its first size says it now listens, and the theme and language go again.
          if (!heard.current) latestSendTheme.current();
          heard.current = true;
          setHeight(Math.max(0, Math.ceil(message.height)));
        }
        // Only to a page of ours; a plain click in the frame lets this page open the tab.
        if (message.gs === 'card-edit') hostEvents('card-edit', { card_id: message.card_id });
        if (message.gs === 'navigate' && new URL(message.href).origin === $apiOrigin.get())
          if (hostEvents('navigate', { route: message.route, href: message.href })) open(message.href, '_blank', 'noopener');
      };
      addEventListener('message', onMessage);
      return () => removeEventListener('message', onMessage);
    }, []);

    useEffect(() => tell({ gs: 'locale', locale }), [locale]);

    const sendTheme = () => {
      loaded.current = true;
      const host = frame.current?.getRootNode();
      if (!(host instanceof ShadowRoot)) return;
      const style = getComputedStyle(host.host);
      const properties = Object.fromEntries(themeProperties.map((name) => [name, style.getPropertyValue(name)]));
      tell({ gs: 'theme', properties });
      tell({ gs: 'locale', locale });
    };

    // This render's: the listener above is made once, and must not send the language of the first render.
    const latestSendTheme = useRef(sendTheme);
    latestSendTheme.current = sendTheme;

    return (
      <iframe
        ref={frame}
        className="gs-frame"
        title={t(frameTitleKeys[screen])}
        src={src}
        style={height === undefined ? undefined : { height: `${height}px`, minHeight: 0 }}
        onLoad={sendTheme}
      />
    );
  };
}
