/// <reference types="mocha" />
import { expect } from 'chai';
import { waitFor } from '../../tests/helpers/fetch-stub.ts';
import { apiRequest } from '../core/api.ts';
import { $walletChanged } from '../core/changes.ts';
import { $bridgeState, connectBridge, retryBridge } from './bridge.ts';

/**
 * The partner page's side of the session channel against the real session frame script
 * (tests/helpers/session-frame-double.mjs serves it on the test origin). A script of the page can
 * dispatch any MessageEvent on the window, with any origin and source: none may change what the
 * widgets believe, and no window-wide listener may hear the channel's port or its replies.
 */
describe('the session channel on a partner page', () => {
  const heard: MessageEvent[] = [];
  const overhear = (event: MessageEvent) => heard.push(event);
  before(() => addEventListener('message', overhear));
  after(() => {
    removeEventListener('message', overhear);
    document.cookie = 'session-frame=; path=/; max-age=0';
  });

  const sessionFrame = () => document.querySelector<HTMLIFrameElement>('iframe[title="session"]');
  /** What a hostile script of the page would send, claiming to be our frame. */
  const forge = (data: unknown) =>
    dispatchEvent(
      new MessageEvent('message', {
        data,
        origin: location.origin,
        source: sessionFrame()?.contentWindow ?? null,
        ports: [new MessageChannel().port2],
      }),
    );
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('hears a refusal on its own channel, and a forged ready changes nothing', async () => {
    document.cookie = 'session-frame=refused; path=/';
    connectBridge(location.origin, 'eng');
    forge({ gs: 'ready', user: { id: 999, username: 'SPOOFED-USER', user_wallets: { main_wallet: 999999.9999 } } });
    await settle();
    expect($bridgeState.get()).to.not.equal('ready');
    await waitFor(() => $bridgeState.get() === 'refused', 'the refusal');
  });

  it('is ready once the frame answers on the channel; a forged refusal changes nothing', async () => {
    document.cookie = 'session-frame=; path=/; max-age=0';
    retryBridge();
    await waitFor(() => $bridgeState.get() === 'ready', 'the frame ready');
    forge({ gs: 'refused', code: 'partner_site_not_allowed' });
    await settle();
    expect($bridgeState.get()).to.equal('ready');
  });

  it('lets no window-wide listener hear a port or a reply of the channel', () => {
    const fromOurFrames = heard.filter((event) => event.isTrusted);
    expect(fromOurFrames.map((event) => event.ports.length)).to.deep.equal(fromOurFrames.map(() => 0));
    expect(fromOurFrames.map((event) => event.data as unknown)).to.deep.equal([]);
  });

  it('gives the page no personal field of the member, whatever the page shows', async () => {
    const plain = await apiRequest<Record<string, unknown>>('GET', '/test/member', undefined, { anonymous: true });
    expect(plain.detail).to.include({ id: 7, username: 'member01', verification_status: 'pending' });
    for (const field of ['realname', 'phone', 'email', 'certificates_id', 'certificate_number', 'certificate_front'])
      expect(plain.detail).to.not.have.property(field);
  });

  it('passes a change the page makes to the session frame, which tells the frames beside it, and none echoes back', async () => {
    const before = $walletChanged.get();
    $walletChanged.set(before + 1);
    await settle();
    expect($walletChanged.get()).to.equal(before + 1);
  });

  it('may not make a call only our frames make: it is refused in the frame, never sent', async () => {
    const refused = await apiRequest('POST', '/v1//login', { username: 'member01', password: 'x' }, { anonymous: true }).catch(
      (failure: unknown) => failure as { status?: number },
    );
    expect(refused).to.have.property('status', 403);
  });

  it('shows the refusal when our API stops serving the partner site while the page is open', async () => {
    const refused = await apiRequest('GET', '/test/refuse', undefined, { anonymous: true }).catch((failure: unknown) => failure);
    expect(refused).to.be.instanceOf(Error);
    await waitFor(() => $bridgeState.get() === 'refused', 'the refusal');
  });
});
