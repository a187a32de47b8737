import { atom } from 'nanostores';
import type { Locale } from '../../locales/index.ts';
import { useTransport } from '../core/api.ts';
import { $token, $user, endSession, type SessionUser } from '../core/session.ts';
import { frameUrl, type PageToFrame } from './frame-protocol.ts';
import { frameSessionMarker, portCalls } from './port-calls.ts';
import { shareChanges } from './shared-changes.ts';

/**
 * The partner page's side of the session frame. The member's token lives in the frame, on our
 * origin; here `$token` holds only a marker (port-calls.ts), so the screens know a session
 * exists. Nothing is written to the partner page's storage (core/page-mode.ts).
 */

/** How long the frame may take to say it is ready before the widgets say the service is unreachable. */
export const frameReadyTimeoutMs = 15_000;
/** A frame that has loaded but not said it is ready within this is an error page: the service is down. */
const afterLoadGraceMs = 3_000;

export type BridgeState = 'connecting' | 'ready' | 'refused' | 'unreachable';
export const $bridgeState = atom<BridgeState>('connecting');

let frame: HTMLIFrameElement | undefined;
let readyTimer: ReturnType<typeof setTimeout> | undefined;
// An API that stops answering mid-session turns every widget to the same retryable "cannot reach the service" state
// (and gs:error) as one that is down at load, rather than leaving figures on screen that can no longer be trusted.
// The session frame stays: it may hold the session in memory only (third-party storage refused).
// A partner site disabled while the page is open (or at load) is refused from then on; there is no retry for that, and
// calls made meanwhile are refused by our API.
// A change made in one of our frames (a withdrawal, say) reaches this page's widgets, and one made here reaches the frames.
const calls = portCalls(
  applySession,
  (state) => $bridgeState.set(state),
  (change) => applyChange(change),
);
const applyChange = shareChanges((change) => calls.tell(change));
/** The session frame has answered on the channel this page handed it (and not failed since). */
let connected = false;
let connection: { apiOrigin: string; locale: Locale } | undefined;

/** Opens the session frame once per page and routes every API call of every widget through it. */
export function connectBridge(apiOrigin: string, locale: Locale): void {
  if (connection !== undefined) return;
  connection = { apiOrigin, locale };
  useTransport(calls.transport);
  // The page ending the session (logout, an expired token) ends it in the frame as well.
  $token.listen((token) => {
    if (token === '' && lastUser !== null) {
      lastUser = null;
      calls.tell({ kind: 'end' });
      announceSession(null);
    }
  });
  openFrame();
}

/**
 * Tries again after the frame was refused or did not answer; after our API stopped answering, shows
 * the screens again over the same frame and session, and they ask afresh.
 */
export function retryBridge(): void {
  if (connection === undefined || $bridgeState.get() === 'ready') return;
  if (connected) $bridgeState.set('ready');
  else openFrame();
}

function openFrame(): void {
  if (connection === undefined) return;
  const { apiOrigin, locale } = connection;
  frame?.remove();
  connected = false;
  calls.wait();
  $bridgeState.set('connecting');
  const opened = document.createElement('iframe');
  frame = opened;
  frame.src = frameUrl(apiOrigin, location.origin, 'session', locale);
  frame.hidden = true;
  frame.tabIndex = -1;
  frame.title = 'session';
  frame.setAttribute('aria-hidden', 'true');
  opened.addEventListener('load', () => {
    // The channel is made here and one end goes into this frame alone, addressed to our origin (an error page
    // or anything else there never gets it). No window-wide listener hears the answer, so none can forge it,
    // and port-calls.ts believes only what the browser delivered on the port. The frame's first word is the
    // session (ready) or its refusal; calls wait for the screens, which wait for ready.
    const { port1, port2 } = new MessageChannel();
    calls.connect(port1);
    opened.contentWindow?.postMessage({ gs: 'connect' } satisfies PageToFrame, apiOrigin, [port2]);
    setTimeout(() => {
      if (frame === opened && $bridgeState.get() === 'connecting') fail('unreachable');
    }, afterLoadGraceMs);
  });
  document.body.append(frame);
  clearTimeout(readyTimer);
  readyTimer = setTimeout(() => {
    if ($bridgeState.get() === 'connecting') fail('unreachable');
  }, frameReadyTimeoutMs);
}

function fail(state: 'refused' | 'unreachable'): void {
  clearTimeout(readyTimer);
  connected = false;
  $bridgeState.set(state);
  calls.fail();
}

let lastUser: SessionUser | null = null;

function applySession(user: SessionUser | null): void {
  const was = lastUser;
  lastUser = user;
  if (user === null) endSession();
  else {
    $user.set(user);
    $token.set(frameSessionMarker);
  }
  if ((was === null) !== (user === null)) announceSession(user);
  // The frame's first word: it is ready.
  if ($bridgeState.get() === 'connecting') {
    clearTimeout(readyTimer);
    $bridgeState.set('ready');
    connected = true;
  }
}

/** Every widget's page hears of a login or logout once, on the document. */
function announceSession(user: SessionUser | null): void {
  const detail = user === null ? {} : { username: user.username };
  document.dispatchEvent(new CustomEvent(user === null ? 'gs:logout' : 'gs:login', { detail }));
}
