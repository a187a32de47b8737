import { useStore } from '../core/use-store.ts';
import { atom } from 'nanostores';
import { useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { htmlLang, type Locale } from '../../locales/index.ts';
import { EmbeddedContext } from '../core/embedded.ts';
import { HostEventsContext, type HostEvents } from '../core/host-events.ts';
import { createI18n, I18nProvider, useI18n } from '../core/i18n.ts';
import { useTransport } from '../core/api.ts';
import { $token, $user, endSession, type SessionUser } from '../core/session.ts';
import { RequireLogin } from '../auth/RequireLogin.tsx';
import { $cardToEdit } from '../bank/bank-cards.ts';
import { constructedSheets } from './constructed-sheets.ts';
import { isMessageOf, tellSiblings, type FrameToPage, type PageToFrame, type SiblingMessage } from './frame-protocol.ts';
import { safeTheme, themeProperties } from './frame-theme.ts';
import { siteRoute } from './site-route.ts';
import { frameSessionMarker, portCalls } from './port-calls.ts';
import type { FormScreen } from './frame-screen-code.ts';
import { frameWords } from './frame-words.ts';
import { frameTitleKeys, worksOnSession } from './frame-titles.ts';
import type { SheetText } from './sheets.ts';
import { shareChanges } from './shared-changes.ts';

/**
 * Who is logged in on this page, as the session frame last said (or as this frame's own login
 * made it). Kept apart from the stored session: this frame holds no token it did not get itself,
 * and never writes a stand-in for one where the other frames would read it.
 */
const $signedIn = atom<SessionUser | null>(null);

/** The frame's own page: no margin, the partner's page showing through around the form, and a heading for assistive technology alone. */
const framePageCss =
  'html,body{margin:0;background:transparent}body{padding:2px}' +
  '.gs-frame-heading{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap;margin:0}';

/**
 * A screen inside its frame on our origin. The login and register forms log in here and hand the
 * session to the session frame beside it (a message between our own frames), which tells the
 * partner's page who logged in, never the token. The other screens work on the session frame's
 * session: their calls go over a channel the session frame hands them, which adds the token there,
 * and on it they tell, and hear, what changed elsewhere on the page. The page may change the
 * language and pass its theme.
 */
export function showFrameScreen(
  screen: FormScreen,
  initial: Locale,
  partnerOrigin: string,
  Form: ComponentType,
  sheets: SheetText[],
): void {
  document.adoptedStyleSheets = constructedSheets([...sheets, ['frame', framePageCss]]);

  const container = document.createElement('main');
  container.className = 'gs-root';
  document.body.append(container);
  const $frameLocale = atom(initial);

  const usesSession = worksOnSession(screen);
  const calls = usesSession
    ? portCalls(
        () => undefined,
        undefined,
        (change) => applyChange?.(change),
      )
    : undefined;
  // The card chosen in the card list's frame reaches the edit form's frame beside it.
  const applyChange = calls && shareChanges((change) => calls.tell(change), { card: $cardToEdit });
  if (calls !== undefined) useTransport(calls.transport);
  else handOverLogins();
  // Hello to the session frame until it answers (it may still be starting, beside this frame): from then on it tells
  // this frame every change.
  let answered = false;
  // What a screen shows depends on who is logged in (the login form gives way to who is, a card screen asks to log in),
  // so it is first drawn once the session frame has said: not one thing, then another. The widget on the page shows
  // its loading line until the session frame is ready (frame-element.ts), and the answer follows within a hello.
  const { promise: sessionKnown, resolve: sessionHeard } = Promise.withResolvers<void>();
  const helloMessage: SiblingMessage = usesSession ? { gs: 'sibling-hello', calls: true } : { gs: 'sibling-hello' };
  const hello = setInterval(() => {
    if (answered) clearInterval(hello);
    else tellSiblings(helloMessage);
  }, 100);
  tellSiblings(helloMessage);
  addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== location.origin || !isMessageOf<SiblingMessage>(event.data) || event.data.gs !== 'sibling-session') return;
    answered = true;
    const { user } = event.data;
    const port = event.ports[0];
    if (calls !== undefined && port !== undefined) calls.connect(port);
    // Only what is shown changes: the session frame holds the session and has ended it where it is kept.
    $signedIn.set(user);
    if (usesSession) {
      // In memory only (frame-storage.ts): the marker says a session exists; the session frame adds the token.
      if (user === null) endSession();
      else {
        $user.set(user);
        $token.set(frameSessionMarker);
      }
    }
    sessionHeard();
  });
  // The widget around this frame was focused (frame-element.ts): the screen's first control takes the focus, else
  // the screen's box until it draws one (the form's code may still be on its way), unless the member has gone
  // elsewhere meanwhile: out of this frame, or into a field of their choosing.
  let focusWanted = false;
  const focusWhenWanted = () => {
    if (!focusWanted) return;
    if (!document.hasFocus() || focusFirstControl()) focusWanted = false;
    else {
      container.tabIndex = -1;
      container.focus();
    }
  };
  document.addEventListener('focusin', (event) => {
    if (event.target !== container) focusWanted = false;
  });
  addEventListener('message', (event: MessageEvent) => {
    if (event.source !== parent || event.origin !== partnerOrigin || !isMessageOf<PageToFrame>(event.data)) return;
    const message = event.data;
    if (message.gs === 'locale' && message.locale in htmlLang) $frameLocale.set(message.locale);
    if (message.gs === 'theme') {
      // A property the page no longer sets (a dark theme switched off) goes back to our default.
      const theme = safeTheme(message.properties);
      for (const name of themeProperties) {
        const value = theme[name];
        if (value === undefined) container.style.removeProperty(name);
        else container.style.setProperty(name, value);
      }
    }
    if (message.gs === 'focus') {
      focusWanted = true;
      focusWhenWanted();
    }
  });
  // A link in the form (to register, say) never opens inside the small frame: the widget on the page
  // asks the page first (gs:navigate, as for a link in any widget) and, unless it shows that screen
  // itself, opens our page in a new tab.
  document.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (link === null || event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      parent.postMessage({ gs: 'navigate', route: siteRoute(link), href: link.href } satisfies FrameToPage, partnerOrigin);
    },
    true,
  );
  // The frame must hold the form from the document's top, not only the form's own box: a first
  // child's top margin pushes the form down, and its last row would be cut off by as much.
  new ResizeObserver(() => {
    const bottom = container.getBoundingClientRect().bottom + window.scrollY + parseFloat(getComputedStyle(document.body).marginBottom);
    parent.postMessage({ gs: 'resize', height: Math.ceil(bottom) + 4 } satisfies FrameToPage, partnerOrigin);
  }).observe(container);

  // The one event a framed screen tells the page (the card chosen for editing); links go as above.
  const hostEvents: HostEvents = (name, detail) => {
    if (name === 'card-edit' && typeof detail.card_id === 'number')
      parent.postMessage({ gs: 'card-edit', card_id: detail.card_id } satisfies FrameToPage, partnerOrigin);
    return true;
  };

  const root = createRoot(container);
  $frameLocale.subscribe((locale) => {
    void Promise.all([frameWords(screen, locale), sessionKnown]).then(([messages]) => {
      if ($frameLocale.get() !== locale) return;
      const i18n = createI18n(locale, messages);
      document.documentElement.lang = htmlLang[locale];
      document.title = i18n.t(frameTitleKeys[screen]);
      root.render(
        <I18nProvider value={i18n}>
          <EmbeddedContext.Provider value={true}>
            <HostEventsContext.Provider value={hostEvents}>
              <h1 className="gs-frame-heading">{document.title}</h1>
              <FrameForm screen={screen} Form={Form} />
            </HostEventsContext.Provider>
          </EmbeddedContext.Provider>
        </I18nProvider>,
      );
      focusWhenWanted();
    });
  });
}

/** The screen's first field, else its first button or link; of each, the first that takes the focus (not a hidden or disabled one). */
function focusFirstControl(): boolean {
  for (const kind of ['input,select,textarea', 'button,a[href]'])
    for (const element of document.querySelectorAll<HTMLElement>(kind)) {
      element.focus();
      if (document.activeElement === element) return true;
    }
  return false;
}

/** A login made in a login or register frame goes to the session frame; the session as it then stands comes back from it. */
function handOverLogins(): void {
  let handedOver = '';
  const handOver = () => {
    const token = $token.get();
    const user = $user.get();
    if (token === '' || token === handedOver || user === null) return;
    handedOver = token;
    $signedIn.set(user);
    tellSiblings({ gs: 'sibling-login', token, user });
  };
  $token.listen(handOver);
  $user.listen(handOver);
}

function FrameForm({ screen, Form }: { screen: FormScreen; Form: ComponentType }) {
  const user = useStore($signedIn);
  if (worksOnSession(screen))
    return (
      <RequireLogin>
        <Form />
      </RequireLogin>
    );
  if (user !== null) return <SignedIn username={user.username} />;
  return <Form />;
}

/** After logging in, the form gives way to who is logged in and a way out. */
function SignedIn({ username }: { username: string }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  // The session frame logs out (it holds the token) and tells every frame, this one too.
  const logout = () => {
    setBusy(true);
    tellSiblings({ gs: 'sibling-logout' });
    $signedIn.set(null);
    setBusy(false);
  };
  return (
    <div className="gs-form gs-signed-in">
      <p role="status">{t('embed_signed_in', { username })}</p>
      <button type="button" className="button button--block" disabled={busy} onClick={logout}>
        {t('setting_logout')}
      </button>
    </div>
  );
}
