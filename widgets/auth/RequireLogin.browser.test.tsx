/// <reference types="mocha" />
import { sendKeys } from '@web/test-runner-commands';
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import { refuse, stubFetch, waitFor } from '../../tests/helpers/fetch-stub.ts';
import { mountScreen } from '../../tests/helpers/mount.tsx';
import { $sessionNotice } from '../core/session-expiry.ts';
import { $token, endSession, startSession } from '../core/session.ts';
import { $loginPromptOpen, closeLoginPrompt, openLoginPrompt } from './login-prompt.ts';
import { LoginPrompt } from './LoginPrompt.tsx';
import { RequireLogin } from './RequireLogin.tsx';
import { SessionWatcher } from '../ui/SessionWatcher.tsx';

const screen = <p className="guarded">The member's screen</p>;

describe('RequireLogin and the login prompt', () => {
  afterEach(() => {
    act(() => closeLoginPrompt());
    endSession();
    $sessionNotice.set(null);
    localStorage.clear();
  });

  it('shows the login prompt instead of the screen when logged out', async () => {
    const page = mountScreen(<RequireLogin>{screen}</RequireLogin>);
    const dialog = page.host.querySelector('dialog');
    await waitFor(() => dialog?.open === true, 'the prompt to open');
    expect(page.host.querySelector('.guarded')).to.equal(null);
    expect(dialog?.matches(':modal')).to.equal(true);
    const title = document.getElementById(dialog?.getAttribute('aria-labelledby') ?? '');
    expect(title?.textContent).to.equal(eng.login_prompt_title);
    const links = [...(dialog?.querySelectorAll('a') ?? [])].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).to.deep.equal([
      [eng.login_submit, '/eng/login'],
      [eng.login_register_link, '/eng/register'],
    ]);
    page.unmount();
  });

  it('shows the screen when logged in, and takes it away when the session ends', async () => {
    act(() => startSession('token-1', { id: 1, username: 'member01' }));
    const page = mountScreen(<RequireLogin>{screen}</RequireLogin>);
    await waitFor(() => page.host.querySelector('.guarded') !== null, 'the screen');
    act(() => endSession());
    await waitFor(() => page.host.querySelector('.guarded') === null, 'the screen to go');
    page.unmount();
  });

  it('closes with Escape and gives focus back', async () => {
    const page = mountScreen(
      <>
        <button type="button" className="opener" onClick={openLoginPrompt}>
          Buy
        </button>
        <LoginPrompt />
      </>,
    );
    const opener = page.host.querySelector<HTMLButtonElement>('.opener');
    await waitFor(() => page.host.querySelector('dialog') !== null, 'the dialog element');
    opener?.focus();
    opener?.click();
    const dialog = page.host.querySelector('dialog');
    await waitFor(() => dialog?.open === true, 'the prompt to open');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => dialog?.open === false, 'the prompt to close');
    expect($loginPromptOpen.get()).to.equal(false);
    await waitFor(() => document.activeElement === opener, 'the focus');
    page.unmount();
  });

  it('explains an ended session instead of prompting: "logged in on another device"', async () => {
    const stub = stubFetch(() => refuse(401, 'session_other_device', 'Logged in on another device'));
    try {
      act(() => startSession('token-old', { id: 1, username: 'member01' }));
      const page = mountScreen(
        <>
          <SessionWatcher />
          <RequireLogin>{screen}</RequireLogin>
        </>,
      );
      await waitFor(() => page.host.querySelector('[role="alert"]')?.textContent === eng.session_other_device, 'the notice');
      expect(stub.calls.map((call) => call.path)).to.deep.equal(['/v1/check']);
      expect($token.get(), 'the token is gone').to.equal('');
      expect(page.host.querySelector('.guarded')).to.equal(null);
      expect(page.host.querySelector('dialog')?.open ?? false, 'no prompt over the notice').to.equal(false);
      page.unmount();

      // Once per page load: another screen does not check again.
      act(() => startSession('token-2', { id: 1, username: 'member01' }));
      const again = mountScreen(<SessionWatcher />);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stub.calls).to.have.length(1);
      again.unmount();
    } finally {
      stub.restore();
    }
  });
});
