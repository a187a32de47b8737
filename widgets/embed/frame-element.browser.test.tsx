/// <reference types="mocha" />
import { expect } from 'chai';
import { waitFor } from '../../tests/helpers/fetch-stub.ts';
import type { Locale } from '../../locales/index.ts';
import { $bridgeState, retryBridge } from './bridge.ts';
import { mount } from './frame-element.ts';
import { widgetLocale } from './widget-locale.ts';

/**
 * The element holding one of our frames on a partner page (frame-element.ts), written with the DOM alone, against the
 * real session frame script (tests/helpers/session-frame-double.mjs serves it on the test origin, for any screen).
 */
describe('an element holding our frame on a partner page', () => {
  const words: Record<Locale, Record<string, string>> = {
    eng: {
      login_title: 'Log in',
      loading: 'Loading',
      embed_refused: 'This site is not allowed',
      embed_unreachable: 'Cannot reach',
      embed_retry: 'Retry',
    },
    zhs: { login_title: '登录', loading: '加载中', embed_refused: '不允许', embed_unreachable: '无法连接', embed_retry: '重试' },
    zht: {},
  };
  const host = document.createElement('gs-login');
  host.lang = 'en';
  const errors: unknown[] = [];
  host.addEventListener('gs:error', (event) => errors.push((event as CustomEvent).detail));
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const frame = () => shadow.querySelector('iframe');
  const status = () => shadow.querySelector<HTMLElement>('[role="status"]');
  let placed: ReturnType<typeof mount> | undefined;
  after(() => {
    placed?.unmount();
    host.remove();
    document.cookie = 'session-frame=; path=/; max-age=0';
  });

  it('shows the refusal when the session frame is refused, says gs:error, and holds no frame', async () => {
    document.cookie = 'session-frame=refused; path=/';
    placed = mount({
      host,
      shadow,
      tag: 'gs-login',
      sheets: [],
      apiOrigin: location.origin,
      loadMessages: (locale) => Promise.resolve(words[locale]),
      widgetLocale,
    });
    await waitFor(() => shadow.querySelector('[role="alert"]')?.textContent === 'This site is not allowed', 'the refusal');
    expect(frame()).to.equal(null);
    expect(errors).to.deep.equal([{ code: 'partner_site_not_allowed' }]);
  });

  it('loads its frame at once, hidden behind a loading line until the session frame is ready, then shows it, titled, with the focus asked for meanwhile', async () => {
    document.cookie = 'session-frame=; path=/; max-age=0';
    retryBridge();
    await waitFor(() => frame() !== null, 'a new frame');
    const held = frame();
    expect(held?.src).to.contain('screen=login');
    expect(held?.title).to.equal('Log in');
    expect(held?.hidden).to.equal(true);
    placed?.focus();
    await waitFor(() => $bridgeState.get() === 'ready', 'the session frame ready');
    await waitFor(() => held?.hidden === false, 'the frame shown');
    expect(status()?.hidden).to.equal(true);
    expect(frame(), 'the same frame, not loaded again').to.equal(held);
    expect(shadow.activeElement, 'the focus, in the frame once it shows').to.equal(held);
  });

  it('takes its size from its own frame only: a message a script of the page makes up is not believed', async () => {
    const held = frame();
    if (held?.contentWindow === null || held === null) throw new Error('a frame');
    dispatchEvent(
      new MessageEvent('message', { data: { gs: 'resize', height: 999 }, origin: location.origin, source: held.contentWindow }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(held.style.height).to.not.equal('999px');
    // Said from inside the frame's own window: the browser delivers it with the frame as its source.
    const inFrame = held.contentWindow as Window & { Function: FunctionConstructor };
    new inFrame.Function(`parent.postMessage({ gs: 'resize', height: 321 }, '*')`)();
    await waitFor(() => held.style.height === '321px', 'the frame’s own size');
  });

  it('follows its lang attribute: the frame is retitled in place', async () => {
    const held = frame();
    host.lang = 'zh-CN';
    placed?.update();
    await waitFor(() => frame()?.title === '登录', 'the new title');
    expect(frame()).to.equal(held);
    expect(shadow.querySelector('.gs-root')?.getAttribute('lang')).to.equal('zh-Hans');
  });
});
