// First: decides, before any store is made, whether this frame's stores are kept in memory only.
import './frame-storage.ts';
import { defaultLocale, isLocale } from '../../locales/index.ts';
import { setRequestContext } from '../core/http.ts';
import { frameScreens, type ChannelReply } from './frame-protocol.ts';
import { formScreens, type FormScreen } from './frame-screen-code.ts';
import { frameWords } from './frame-words.ts';
import { frameCatalogue } from './frame-titles.ts';
import { pageChannel } from './page-channel.ts';
import { serveSession } from './session-frame.ts';
import { loadSheetTexts } from './sheets.ts';

/**
 * The script of our session frame (/widgets/v1/frame), a page on our origin inside a partner's
 * page. The server serves the page only for a partner site it knows, names that site in a meta
 * tag and lets only that origin frame it (frame-ancestors); this script checks the browser
 * agrees, then serves the session (the hidden frame) or shows the login, register or password form.
 */
const meta = (name: string) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? '';

function start(): void {
  // Opened on its own rather than framed: there is no page to serve.
  if (parent === window) return;
  const refused = meta('gs-refused');
  if (refused !== '') {
    // Only the refusal goes out, to whoever framed us and handed us a port: it holds nothing of anyone's.
    void pageChannel(() => true).then((port) => port.postMessage({ kind: 'refused' } satisfies ChannelReply));
    return;
  }
  const partnerOrigin = meta('gs-partner-origin');
  const framedBy = location.ancestorOrigins?.[0];
  if (partnerOrigin === '' || (framedBy !== undefined && framedBy !== partnerOrigin)) return;
  const screen = frameScreens.find((name) => name === meta('gs-screen')) ?? 'session';
  const localeMeta = meta('gs-locale');
  const locale = isLocale(localeMeta) ? localeMeta : defaultLocale;
  // Every call names the partner's site: the original app's `domain`, and the header that attributes sign-ups and orders to it.
  setRequestContext(new URL(partnerOrigin).hostname, { 'X-Partner-Origin': partnerOrigin });
  // The session keeper comes with this script, so the page's widgets hear it is ready one step sooner (decision 066).
  if (screen === 'session') void pageChannel((origin) => origin === partnerOrigin).then(serveSession);
  else {
    // A screen's frame asks for its code, words and style sheet at once, each with all it imports announced.
    const form = screen as FormScreen;
    void Promise.all([
      import('./frame-screens.tsx'),
      formScreens[form](),
      frameWords(form, locale),
      loadSheetTexts(frameCatalogue(form)),
    ]).then(([{ showFrameScreen }, Form, , sheets]) => showFrameScreen(form, locale, partnerOrigin, Form, sheets));
  }
}

start();
