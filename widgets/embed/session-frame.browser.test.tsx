/// <reference types="mocha" />
import { expect } from 'chai';
import { waitFor } from '../../tests/helpers/fetch-stub.ts';
import type { Changed, SiblingMessage } from './frame-protocol.ts';
import { serveSession } from './session-frame.ts';

/**
 * The session frame's channels for our framed screens (session-frame.ts). Here the test page plays
 * both the session frame and a framed screen on our origin that says hello twice, as one does when
 * its first hello goes unanswered for a while.
 */
describe('the session frame’s channels for framed screens', () => {
  const greetings: MessagePort[] = [];
  const greeted = (event: MessageEvent) => {
    const port = event.ports[0];
    if ((event.data as SiblingMessage).gs === 'sibling-session' && port !== undefined) greetings.push(port);
  };
  before(() => addEventListener('message', greeted));
  after(() => removeEventListener('message', greeted));

  it('gives a screen that says hello again a new channel and drops the one before: a change reaches only the newest', async () => {
    const page = new MessageChannel();
    serveSession(page.port1);
    const hello: SiblingMessage = { gs: 'sibling-hello', calls: true };
    postMessage(hello, location.origin);
    await waitFor(() => greetings.length === 1);
    postMessage(hello, location.origin);
    await waitFor(() => greetings.length === 2);
    const [earlier, newest] = greetings;
    const heard = { earlier: 0, newest: 0 };
    if (earlier === undefined || newest === undefined) throw new Error('two greetings with a channel each');
    earlier.onmessage = () => (heard.earlier += 1);
    newest.onmessage = () => (heard.newest += 1);

    const change: Changed = { kind: 'changed', name: 'wallet' };
    page.port2.postMessage(change);
    await waitFor(() => heard.newest === 1);
    // Time for a message on the dropped channel to have arrived, had it been sent.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).to.deep.equal({ earlier: 0, newest: 1 });
  });
});
