import { atom } from 'nanostores';
import type { Locale } from '../../locales/index.ts';
import { ApiFailure, requestTimeoutMs, useTransport, type ApiCall, type Envelope, type Transport } from '../core/api.ts';
import { $token, $user, endSession, type SessionUser } from '../core/session.ts';
import { frameUrl, isMessageOf, type ChannelReply, type ChannelRequest, type FrameToPage } from './frame-protocol.ts';

/**
 * The partner page's side of the session frame. The member's token lives in the frame, on our
 * origin; here `$token` holds only this marker, so the screens know a session exists. No
 * server accepts it, and nothing is written to the partner page's storage (core/page-mode.ts).
 */
export const frameSessionMarker = 'held-by-session-frame';

/** How long the frame may take to say it is ready before the widgets say the service is unreachable. */
export const frameReadyTimeoutMs = 15_000;
/** A frame that has loaded but not said it is ready within this is an error page: the service is down. */
const afterLoadGraceMs = 3_000;

export type BridgeState = 'connecting' | 'ready' | 'refused' | 'unreachable';
export const $bridgeState = atom<BridgeState>('connecting');

type Pending = { resolve: (value: Envelope | Blob) => void; reject: (failure: ApiFailure) => void };
type Outgoing = Exclude<ChannelRequest, { kind: 'end' }>;
type OutgoingBody = Outgoing extends infer R ? (R extends Outgoing ? Omit<R, 'id'> : never) : never;

let frame: HTMLIFrameElement | undefined;
let port: MessagePort | undefined;
let readyTimer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();
const queued: Outgoing[] = [];
let connection: { apiOrigin: string; locale: Locale } | undefined;

/** Opens the session frame once per page and routes every API call of every widget through it. */
export function connectBridge(apiOrigin: string, locale: Locale): void {
  if (connection !== undefined) return;
  connection = { apiOrigin, locale };
  addEventListener('message', onWindowMessage);
  useTransport(frameTransport);
  // The page ending the session (logout, an expired token) ends it in the frame as well.
  $token.listen((token) => {
    if (token === '' && lastUser !== null) {
      lastUser = null;
      port?.postMessage({ kind: 'end' } satisfies ChannelRequest);
      announceSession(null);
    }
  });
  openFrame();
}

/** Tries again after the frame was refused or did not answer. */
export function retryBridge(): void {
  if (connection === undefined || $bridgeState.get() === 'ready') return;
  openFrame();
}

function openFrame(): void {
  if (connection === undefined) return;
  frame?.remove();
  port?.close();
  port = undefined;
  $bridgeState.set('connecting');
  const opened = document.createElement('iframe');
  frame = opened;
  frame.src = frameUrl(connection.apiOrigin, location.origin, 'session', connection.locale);
  frame.hidden = true;
  frame.tabIndex = -1;
  frame.title = 'session';
  frame.setAttribute('aria-hidden', 'true');
  opened.addEventListener('load', () => {
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

function onWindowMessage(event: MessageEvent): void {
  if (frame === undefined || event.source !== frame.contentWindow || event.origin !== connection?.apiOrigin) return;
  if (!isMessageOf<FrameToPage>(event.data)) return;
  const message = event.data;
  if (message.gs === 'refused') fail('refused');
  if (message.gs !== 'ready' || event.ports[0] === undefined) return;
  clearTimeout(readyTimer);
  port = event.ports[0];
  port.onmessage = (reply: MessageEvent<ChannelReply>) => onReply(reply.data);
  applySession(message.user);
  $bridgeState.set('ready');
  for (const request of queued.splice(0)) port.postMessage(request);
}

function fail(state: 'refused' | 'unreachable'): void {
  clearTimeout(readyTimer);
  $bridgeState.set(state);
  for (const request of queued.splice(0)) settle(request.id, noAnswer());
}

function onReply(reply: ChannelReply): void {
  if (reply.kind === 'session') {
    applySession(reply.user);
    return;
  }
  if (reply.ok) settle(reply.id, reply.value);
  else settle(reply.id, new ApiFailure(reply.status, reply.message, reply.envelope, reply.noAnswer));
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
}

/** Every widget's page hears of a login or logout once, on the document. */
function announceSession(user: SessionUser | null): void {
  const detail = user === null ? {} : { username: user.username };
  document.dispatchEvent(new CustomEvent(user === null ? 'gs:logout' : 'gs:login', { detail }));
}

function settle(id: number, outcome: Envelope | Blob | ApiFailure): void {
  const waiting = pending.get(id);
  if (waiting === undefined) return;
  pending.delete(id);
  if (outcome instanceof ApiFailure) waiting.reject(outcome);
  else waiting.resolve(outcome);
}

const noAnswer = () => new ApiFailure(0, 'failed to connect', undefined, 'network');

function post(body: OutgoingBody): Promise<Envelope | Blob> {
  const id = nextId++;
  const request = { ...body, id } as Outgoing;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // The frame has its own time-out per call; this one covers a frame that went away.
    setTimeout(() => settle(id, new ApiFailure(0, 'timed out', undefined, 'timeout')), requestTimeoutMs + 5_000);
    const state = $bridgeState.get();
    if (state === 'ready' && port !== undefined) port.postMessage(request);
    else if (state === 'connecting') queued.push(request);
    else settle(id, noAnswer());
  });
}

const frameTransport: Transport = {
  async send<T>(call: ApiCall) {
    return (await post({ kind: 'send', call })) as Envelope<T>;
  },
  async upload<T>(call: Omit<ApiCall, 'body'>, field: string, file: File) {
    return (await post({ kind: 'upload', call, field, file })) as Envelope<T>;
  },
  async download(call: Omit<ApiCall, 'body'>) {
    return (await post({ kind: 'download', call })) as Blob;
  },
};
