import type { Locale } from '../../locales/index.ts';
import type { ApiCall, Envelope, NoAnswer } from '../core/api.ts';
import type { SessionUser } from '../core/session.ts';

/**
 * What the partner's page and our session frame say to each other. The frame lives on our
 * origin and holds the member's token there; the page never sees it. The page makes a
 * MessageChannel and transfers one end, once, into the session frame it created, addressed to
 * our origin alone; the frame answers only on that port. Nothing of the session travels through
 * a window-wide `message` listener, so another script of the page can neither hear it nor forge
 * it (decision 023).
 */
export { frameScreens, type FrameScreen } from '../../contract/frame-screens.ts';
import { framePath, type FrameScreen } from '../../contract/frame-screens.ts';

/** The frame's address on our origin for a partner page at `partnerOrigin`. */
export function frameUrl(apiOrigin: string, partnerOrigin: string, screen: FrameScreen, locale: Locale): string {
  const query = new URLSearchParams({ origin: partnerOrigin, screen, lang: locale });
  return `${apiOrigin}${framePath}?${query.toString()}`;
}

/** Window messages from a framed screen to the page: its size, its links and the one event it tells the page. */
export type FrameToPage =
  | { gs: 'resize'; height: number }
  /** A link in a framed screen to one of our pages: the widget asks the page (gs:navigate) before it opens. */
  | { gs: 'navigate'; route: string; href: string }
  /** A card chosen for editing in the card list (gs:card-edit): its id only. */
  | { gs: 'card-edit'; card_id: number };

/**
 * Between our own frames on one partner page (the session frame and a login or register frame),
 * sent only to windows on our origin and accepted only from it: where the browser keeps a
 * third-party frame from storage, this is how a login made in one reaches the other. The
 * partner's page can neither read nor forge them.
 */
export type SiblingMessage =
  /** `calls`: the frame makes API calls, and is handed a port of the session frame's channel to make them on. */
  | { gs: 'sibling-hello'; calls?: true }
  | { gs: 'sibling-login'; token: string; user: SessionUser }
  | { gs: 'sibling-logout' }
  | { gs: 'sibling-session'; user: SessionUser | null };

/**
 * Sends to every frame of the partner's page that is on our origin (the browser drops it for any
 * other). The session frame sits in the page's body, where window.frames finds it; a login frame
 * sits in a widget's shadow root, where it does not, so those say hello to the session frame,
 * which then answers them directly.
 */
export function tellSiblings(message: SiblingMessage): void {
  for (let index = 0; index < parent.frames.length; index += 1) {
    const sibling = parent.frames[index];
    if (sibling !== undefined && sibling !== window) sibling.postMessage(message, location.origin);
  }
}

/**
 * Window messages from the page to our frames: the session channel's port (to the session frame,
 * once), the language, the theme and the widget's focus (to a framed screen).
 */
export type PageToFrame =
  | { gs: 'connect' }
  | { gs: 'locale'; locale: Locale }
  | { gs: 'theme'; properties: Record<string, string> }
  /** The widget around the frame was focused: the screen's first field takes it. */
  | { gs: 'focus' };

/** Over the channel, page (or a framed screen) to session frame: an API call, the page ending the session (logout, 401), a change. */
export type ChannelRequest =
  | { kind: 'send'; id: number; call: ApiCall }
  | { kind: 'upload'; id: number; call: Omit<ApiCall, 'body'>; field: string; file: File }
  | { kind: 'download'; id: number; call: Omit<ApiCall, 'body'> }
  | { kind: 'end' }
  | Changed;

/**
 * Something of the member's changed in one realm of the page (a change counter of core/changes.ts
 * bumped, or the card chosen for editing): the session frame passes it to every other realm on the
 * page, so every widget it affects reads again (shared-changes.ts). Never personal data.
 */
export type Changed = { kind: 'changed'; name: string; value?: number | null };

/**
 * Over the channel, session frame to page: a call's outcome, the session as it now stands (the
 * first one says the frame is ready), or the refusal of a partner site not (or no longer) allowed.
 */
export type ChannelReply =
  | { kind: 'result'; id: number; ok: true; value: Envelope | Blob }
  | {
      kind: 'result';
      id: number;
      ok: false;
      status: number;
      message: string;
      envelope?: Envelope | undefined;
      noAnswer?: NoAnswer | undefined;
    }
  | { kind: 'session'; user: SessionUser | null }
  | { kind: 'refused' }
  | Changed;

export function isMessageOf<T extends { gs: string }>(data: unknown): data is T {
  return typeof data === 'object' && data !== null && typeof (data as { gs?: unknown }).gs === 'string';
}
