/// <reference types="mocha" />
import { expect } from 'chai';
import { createRoot } from 'react-dom/client';
import { act } from 'preact/test-utils';
import { createI18n, I18nProvider } from '../core/i18n.ts';
import { $mainWallet } from '../core/main-wallet.ts';
import { endSession, startSession } from '../core/session.ts';
import { SessionBadge } from './SessionBadge.tsx';

const messages = { badge_label: 'Your account', badge_not_logged_in: 'Not logged in', badge_main_wallet: 'Main wallet' };

function mount(): { host: HTMLElement; unmount(): void } {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => {
    root.render(
      <I18nProvider value={createI18n('eng', messages)}>
        <SessionBadge />
      </I18nProvider>,
    );
  });
  return {
    host,
    unmount: () => {
      act(() => root.unmount());
      host.remove();
    },
  };
}

describe('SessionBadge', () => {
  afterEach(() => {
    endSession();
    localStorage.clear();
  });

  it('says "not logged in" when there is no session', () => {
    const badge = mount();
    expect(badge.host.textContent).to.equal('Not logged in');
    expect(badge.host.querySelector('section')?.getAttribute('aria-label')).to.equal('Your account');
    badge.unmount();
  });

  it('shows the member name and the main wallet with 4 decimals', () => {
    const badge = mount();
    act(() => {
      startSession('token-1', { id: 7, username: 'member01', user_wallets: { main_wallet: 1234.5 } });
      $mainWallet.set(1234.5);
    });
    expect(badge.host.textContent).to.contain('member01');
    expect(badge.host.textContent).to.contain('1,234.5000');
    badge.unmount();
  });

  it('keeps two badges on one page in step with one session', () => {
    const first = mount();
    const second = mount();
    act(() => startSession('token-2', { id: 8, username: 'member02' }));
    expect(first.host.textContent).to.contain('member02');
    expect(second.host.textContent).to.contain('member02');
    act(() => endSession());
    expect(first.host.textContent).to.equal('Not logged in');
    expect(second.host.textContent).to.equal('Not logged in');
    first.unmount();
    second.unmount();
  });

  it('persists the session to local storage under the original app\'s "token" key', () => {
    act(() => startSession('token-3', { id: 9, username: 'member03' }));
    expect(localStorage.getItem('token')).to.equal('token-3');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).to.deep.include({ id: 9, username: 'member03' });
  });
});
