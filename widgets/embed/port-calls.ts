import { ApiFailure, requestTimeoutMs, type ApiCall, type Envelope, type Transport } from '../core/api.ts';
import type { SessionUser } from '../core/session.ts';
import type { ChannelReply, ChannelRequest, Changed } from './frame-protocol.ts';

/**
 * What `$token` holds where the session frame holds the real token: enough for the screens to know
 * a session exists. No server accepts it; the session frame puts its own token on each call.
 */
export const frameSessionMarker = 'held-by-session-frame';

type Outgoing = Exclude<ChannelRequest, { kind: 'end' | 'changed' }>;
type OutgoingBody = Outgoing extends infer R ? (R extends Outgoing ? Omit<R, 'id'> : never) : never;
type Pending = { resolve: (value: Envelope | Blob) => void; reject: (failure: ApiFailure) => void };

/** API calls made by our session frame over a MessageChannel port it handed out. */
export interface PortCalls {
  /** The transport screens use: every call goes to the session frame, which adds the token on our origin. */
  transport: Transport;
  /** The session frame's port has arrived: calls waiting for it go now. */
  connect(port: MessagePort): void;
  /** Waiting for a (new) port: calls queue until it comes. */
  wait(): void;
  /** No session frame will answer: waiting and later calls fail as unanswered. */
  fail(): void;
  /** Tells the session frame, when connected, that the session ends or that something of the member's changed here. */
  tell(request: Extract<ChannelRequest, { kind: 'end' | 'changed' }>): void;
}

const noAnswer = () => new ApiFailure(0, 'failed to connect', undefined, 'network');

/**
 * The caller's side of the session frame's channel, shared by the partner page (bridge.ts) and
 * by our frames beside it that work on the member's session (cards, withdrawal, verification, the
 * password change): both ask
 * the session frame to make the call, and neither holds the token. `onTrouble` hears a call
 * the session frame could not deliver because our API did not answer at all, or the frame saying
 * this partner site is not (or no longer) allowed; `onChanged`, a change made in another realm of the page.
 */
export function portCalls(
  onSession: (user: SessionUser | null) => void,
  onTrouble?: (state: 'refused' | 'unreachable') => void,
  onChanged?: (change: Changed) => void,
): PortCalls {
  let port: MessagePort | undefined;
  let state: 'waiting' | 'connected' | 'failed' = 'waiting';
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const queued: Outgoing[] = [];

  const settle = (id: number, outcome: Envelope | Blob | ApiFailure) => {
    const waiting = pending.get(id);
    if (waiting === undefined) return;
    pending.delete(id);
    if (outcome instanceof ApiFailure) waiting.reject(outcome);
    else waiting.resolve(outcome);
  };

  const onReply = (reply: ChannelReply) => {
    if (reply.kind === 'refused') onTrouble?.('refused');
    else if (reply.kind === 'session') onSession(reply.user);
    else if (reply.kind === 'changed') onChanged?.(reply);
    else if (reply.ok) settle(reply.id, reply.value);
    else {
      // The session frame could not reach our API at all (not a slow answer): the service is down for every widget.
      if (reply.noAnswer === 'network') onTrouble?.('unreachable');
      settle(reply.id, new ApiFailure(reply.status, reply.message, reply.envelope, reply.noAnswer));
    }
  };

  const post = (body: OutgoingBody): Promise<Envelope | Blob> => {
    const id = nextId++;
    const request = { ...body, id } as Outgoing;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      // The frame has its own time-out per call; this one covers a frame that went away.
      setTimeout(() => settle(id, new ApiFailure(0, 'timed out', undefined, 'timeout')), requestTimeoutMs + 5_000);
      if (state === 'connected' && port !== undefined) port.postMessage(request);
      else if (state === 'waiting') queued.push(request);
      else settle(id, noAnswer());
    });
  };

  return {
    transport: {
      send: <T>(call: ApiCall) => post({ kind: 'send', call }) as Promise<Envelope<T>>,
      upload: <T>(call: Omit<ApiCall, 'body'>, field: string, file: File) =>
        post({ kind: 'upload', call, field, file }) as Promise<Envelope<T>>,
      download: (call: Omit<ApiCall, 'body'>) => post({ kind: 'download', call }) as Promise<Blob>,
    },
    connect(given) {
      port?.close();
      port = given;
      // Only what the frame itself posted: an event a script of the page dispatched on this port is not believed.
      port.onmessage = (reply: MessageEvent<ChannelReply>) => reply.isTrusted && onReply(reply.data);
      state = 'connected';
      for (const request of queued.splice(0)) port.postMessage(request);
    },
    wait() {
      port?.close();
      port = undefined;
      state = 'waiting';
    },
    fail() {
      state = 'failed';
      for (const request of queued.splice(0)) settle(request.id, noAnswer());
    },
    tell(request) {
      port?.postMessage(request);
    },
  };
}
