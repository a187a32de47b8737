import { ApiFailure, type ApiCall, type Envelope } from '../core/api.ts';
import { directTransport } from '../core/http.ts';
import { $token, $user, endSession, startSession, type SessionUser } from '../core/session.ts';
import { isFrameOnly } from './frame-only-routes.ts';
import { pageView } from './page-view.ts';
import { isMessageOf, type Changed, type ChannelReply, type ChannelRequest, type SiblingMessage } from './frame-protocol.ts';

/**
 * The session frame on our origin: it keeps the member's token in our origin's storage, makes
 * the partner page's API calls with it, and tells the page who is logged in (never the token,
 * and of the member's personal fields only those a widget of the page displays, page-view.ts).
 * It talks to the page only on the port the page handed it (page-channel.ts), so it serves that
 * page alone. Our frames beside it that make calls (the password change) get a channel of their own.
 * It hears logins made in a login frame beside it from that frame (and, where the browser lets
 * a frame keep storage, through the storage event too), and tells those frames when the session
 * changes.
 */
export function serveSession(page: MessagePort): void {
  const reply = (message: ChannelReply) => page.postMessage(viewed(message));
  page.onmessage = (event: MessageEvent<ChannelRequest>) => {
    const request = event.data;
    if (request.kind === 'changed') relay(request, page);
    else void handle(request, reply, true);
  };
  // Every channel of this page (its own and each framed screen's): a change said on one is passed to the others.
  const channels = new Set<MessagePort>([page]);
  const relay = (change: Changed, from: MessagePort) => {
    const { name, value } = change;
    const passed: Changed = value === undefined ? { kind: 'changed', name: String(name) } : { kind: 'changed', name: String(name), value };
    for (const channel of channels) if (channel !== from) channel.postMessage(passed);
  };

  let told = JSON.stringify(currentUser());
  const tell = () => {
    const user = currentUser();
    const now = JSON.stringify(user);
    if (now === told) return;
    for (const sibling of siblings) sibling.postMessage({ gs: 'sibling-session', user } satisfies SiblingMessage, location.origin);
    told = now;
    reply({ kind: 'session', user });
  };
  $token.listen(() => tell());
  $user.listen(() => tell());

  // Our framed screens on this page, which said hello: they hear every change of the session.
  const siblings = new Set<Window>();
  // The channel each framed screen that makes calls uses: the newest it was given (port-calls.ts closes the one before).
  const framePorts = new Map<Window, MessagePort>();
  addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== location.origin || !isMessageOf<SiblingMessage>(event.data)) return;
    const message = event.data;
    // A window message from our origin comes from a window (another document's, so not instanceof this one's Window).
    const source = event.source as Window | null;
    if (message.gs === 'sibling-hello' && source !== null) {
      siblings.add(source);
      const greeting: SiblingMessage = { gs: 'sibling-session', user: currentUser() };
      // A frame that makes calls (cards, withdrawal, verification, the password) gets a channel of its own: the token stays here.
      if (message.calls === true) {
        // A screen that said hello again before our answer reached it gets a new channel; the one before is dropped.
        const earlier = framePorts.get(source);
        earlier?.close();
        if (earlier !== undefined) channels.delete(earlier);
        const [ours, theirs] = callsChannel(channels, relay);
        framePorts.set(source, ours);
        source.postMessage(greeting, location.origin, [theirs]);
      } else source.postMessage(greeting, location.origin);
    }
    if (message.gs === 'sibling-login') startSession(message.token, message.user);
    if (message.gs === 'sibling-logout') void logOut();
  });

  // The first session the page hears says this frame is ready.
  void knownMember().then(() => reply({ kind: 'session', user: currentUser() }));
}

/** A reply as the page may have it: the member objects in it lose their personal fields (page-view.ts). */
function viewed(message: ChannelReply): ChannelReply {
  if (message.kind === 'refused' || message.kind === 'changed') return message;
  if (message.kind === 'session') return { ...message, user: pageView(message.user) };
  if (message.ok) return message.value instanceof Blob ? message : { ...message, value: pageView(message.value) };
  return message.envelope === undefined ? message : { ...message, envelope: pageView(message.envelope) };
}

/**
 * A token kept without its member (a member too large for the cookie that keeps them where storage is
 * refused, core/frame-cookies.ts): the member is read afresh before the page hears who is logged in.
 */
async function knownMember(): Promise<void> {
  const token = $token.get();
  if (token === '' || $user.get() !== null) return;
  try {
    const envelope = await directTransport.send<SessionUser>({ method: 'GET', path: '/v1/check', token });
    startSession(token, envelope.detail);
  } catch (error) {
    // A refused token is over; with no answer at all the page says the service cannot be reached, as at load.
    if (error instanceof ApiFailure && error.status === 401) endSession();
  }
}

/**
 * A channel whose calls this frame makes with its token, as it does the partner page's; the other end
 * (`theirs`) is handed out. It joins the page's channels, so it hears the changes made elsewhere on the page.
 */
function callsChannel(
  channels: Set<MessagePort>,
  relay: (change: Changed, from: MessagePort) => void,
): readonly [ours: MessagePort, theirs: MessagePort] {
  const { port1, port2 } = new MessageChannel();
  channels.add(port1);
  port1.onmessage = (event: MessageEvent<ChannelRequest>) => {
    if (event.data.kind === 'changed') relay(event.data, port1);
    else void handle(event.data, (message) => port1.postMessage(message));
  };
  return [port1, port2];
}

/**
 * The member as last read, by any realm of the page (a frame after a verification, the page after a
 * notice): kept here, so every other realm hears of it (the card form learns the review began).
 */
function keepMember(call: Omit<ApiCall, 'body'>, envelope: Envelope): void {
  const member = envelope.detail as SessionUser | null;
  const current = $user.get();
  if (call.method !== 'GET' || !/^\/v1\/check($|\?)/.test(call.path) || call.token === '' || current === null) return;
  if (typeof member === 'object' && member !== null && member.id === current.id) $user.set(member);
}

/** Logging out always ends the session here, even when the server cannot be told. */
async function logOut(): Promise<void> {
  const token = $token.get();
  if (token !== '') await directTransport.send({ method: 'POST', path: '/v1/logout', token }).catch(() => undefined);
  endSession();
}

function currentUser(): SessionUser | null {
  return $token.get() === '' ? null : $user.get();
}

/**
 * Makes one call with our token. For the partner page (`forPage`), a refusal of our API to serve
 * its site (disabled by an operator while the page was open) is told as such: the page shows it.
 */
async function handle(
  request: Exclude<ChannelRequest, { kind: 'changed' }>,
  reply: (message: ChannelReply) => void,
  forPage = false,
): Promise<void> {
  if (request.kind === 'end') {
    endSession();
    return;
  }
  const call = withOurToken(request.call);
  // The page's realm is any script's (decision 054): what only our frames may do is refused before it is sent.
  if (forPage && isFrameOnly(call.method, call.path)) {
    reply({ kind: 'result', id: request.id, ok: false, status: 403, message: 'only in our frames' });
    return;
  }
  try {
    let value: Envelope | Blob;
    if (request.kind === 'send') {
      value = withoutToken(await directTransport.send({ ...call, body: request.call.body }));
      keepMember(call, value);
    } else if (request.kind === 'upload')
      value = withoutToken(await directTransport.upload(call, request.field, await ownCopy(request.file)));
    else value = await directTransport.download(call);
    reply({ kind: 'result', id: request.id, ok: true, value });
  } catch (error) {
    const failure = error instanceof ApiFailure ? error : new ApiFailure(0, 'failed to connect');
    // A refused token is over here too; the page hears it from the 401 and from the session message.
    if (failure.status === 401 && call.token !== '') endSession();
    if (forPage && failure.envelope?.error_code === 'partner_site_not_allowed') reply({ kind: 'refused' });
    const envelope = failure.envelope === undefined ? undefined : withoutToken(failure.envelope);
    reply({
      kind: 'result',
      id: request.id,
      ok: false,
      status: failure.status,
      message: failure.message,
      envelope,
      noAnswer: failure.noAnswer,
    });
  }
}

/** The page's call carries a marker, never a token: an anonymous call stays anonymous, any other gets ours. */
function withOurToken<C extends Omit<ApiCall, 'body'>>(call: C): Omit<ApiCall, 'body'> {
  return { method: call.method, path: call.path, headers: call.headers, token: call.token === '' ? '' : $token.get() };
}

/** No answer leaves this origin with a token in it; a renewed one is kept here. */
function withoutToken(envelope: Envelope): Envelope {
  const { token, ...rest } = envelope;
  if (typeof token === 'string' && token !== '' && $token.get() !== '') $token.set(token);
  const detail: unknown = rest.detail;
  if (typeof detail === 'object' && detail !== null && 'token' in detail) {
    const kept: Record<string, unknown> = { ...detail };
    delete kept.token;
    rest.detail = kept;
  }
  return rest as Envelope;
}

/**
 * The partner page's file, copied into this frame's own memory before it is sent: the browser does
 * not send a file that belongs to another site's page (Chromium fails the request), but lets it be read.
 */
async function ownCopy(file: File): Promise<File> {
  return new File([await file.arrayBuffer()], file.name, { type: file.type, lastModified: file.lastModified });
}
