/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import { fail, ok, stubFetch, waitFor } from '../../tests/helpers/fetch-stub.ts';
import { buttonNamed, mountScreen, statusText } from '../../tests/helpers/mount.tsx';
import { $mainWallet } from '../core/main-wallet.ts';
import { $token, endSession, startSession } from '../core/session.ts';
import { SettingScreen } from './SettingScreen.tsx';

const member = {
  id: 7,
  username: 'member01',
  user_wallets: { main_wallet: 1234.5 },
  user_referral_code: { user_referral_code: 'MYCODE77' },
};

describe('SettingScreen', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    endSession();
    localStorage.clear();
  });

  it('says "not logged in", offers the login and lists the original app\'s menu', async () => {
    const page = mountScreen(<SettingScreen />);
    await waitFor(() => page.host.textContent?.includes(eng.setting_not_logged_in) === true, 'the logged-out state');
    const links = [...page.host.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(links).to.deep.equal([
      '/eng/login',
      '/eng/edit-user',
      '/eng/setting/verify',
      '/eng/setting/bank',
      '/eng/setting/about',
      '/eng/setting/order',
      '/eng/setting/service',
      '/eng/prevention',
      '/eng/setting/language',
      '/eng/setting/instruction',
      '/eng/setting/warning',
    ]);
    // The original app's 1.1.230105 until the package's own version is newer, and the day of the build.
    expect(page.host.querySelector('.gs-setting__version')?.textContent).to.match(/^Version 1\.1\.230105 · built \d{4}-\d{2}-\d{2}$/);
    page.unmount();
  });

  it('shows the member, the main wallet with 4 decimals and the own referral code', async () => {
    stub = stubFetch(() => ok({ main_wallet: 1234.5 }));
    act(() => startSession('token-7', member));
    const page = mountScreen(<SettingScreen />);
    await waitFor(() => page.host.textContent?.includes('member01') === true, 'the member');
    act(() => $mainWallet.set(1234.5));
    expect(page.host.textContent).to.contain('1,234.5000');
    expect(page.host.querySelector('code')?.textContent).to.equal('MYCODE77');
    page.unmount();
  });

  it('copies the referral code, and says so when the browser cannot copy', async () => {
    stub = stubFetch(() => ok({ main_wallet: 0 }));
    act(() => startSession('token-7', member));
    const page = mountScreen(<SettingScreen />);
    await waitFor(() => page.host.querySelector('code') !== null, 'the code');
    const clipboard = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
    try {
      let copied = '';
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: async (text: string) => void (copied = text) },
      });
      buttonNamed(page.host, eng.setting_copy).click();
      await waitFor(() => statusText(page.host) === eng.setting_copy_referral_success, 'the copied message');
      expect(copied).to.equal('MYCODE77');

      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new Error('denied')) },
      });
      buttonNamed(page.host, eng.setting_copy).click();
      await waitFor(() => statusText(page.host) === eng.setting_copy_error, 'the copy error');

      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
      buttonNamed(page.host, eng.setting_copy).click();
      await waitFor(() => statusText(page.host) === eng.setting_copy_unsupported, 'the unsupported message');
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
      if (clipboard !== undefined) Object.defineProperty(Navigator.prototype, 'clipboard', clipboard);
    }
    page.unmount();
  });

  it('logs out: tells the server, clears the session and says "logged out", even when the server fails', async () => {
    stub = stubFetch((call) => (call.path === '/v1/logout' ? fail(503, 'Service is down') : ok({ main_wallet: 0 })));
    act(() => startSession('token-7', member));
    const page = mountScreen(<SettingScreen />);
    await waitFor(() => page.host.textContent?.includes('member01') === true, 'the member');
    buttonNamed(page.host, eng.setting_logout).click();
    await waitFor(() => statusText(page.host) === eng.session_logged_out, 'the logged-out message');
    expect(stub.calls.some((call) => call.method === 'POST' && call.path === '/v1/logout')).to.equal(true);
    expect($token.get()).to.equal('');
    expect(page.host.textContent).to.contain(eng.setting_not_logged_in);
    page.unmount();
  });
});
