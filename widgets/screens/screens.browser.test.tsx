/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import { waitFor } from '../../tests/helpers/fetch-stub.ts';
import { mountScreen } from '../../tests/helpers/mount.tsx';
import { closeLoginPrompt } from '../auth/login-prompt.ts';
import { endSession } from '../core/session.ts';
import WalletIsland from '../wallet/WalletScreen.island.tsx';
import { screen } from './screen.tsx';

/** Shows the props it was given, so a test sees what the site and a partner's page pass. */
function Probe({ mode = 'none', navigate = false }: { mode?: string; navigate?: boolean }) {
  return <p className="probe">{`${mode} ${navigate ? 'goes on' : 'stays'}`}</p>;
}

describe('screens: one declaration for the site and partner pages', () => {
  afterEach(() => {
    act(() => closeLoginPrompt());
    endSession();
    localStorage.clear();
  });

  it('on a site page, the same login-only screen opens the login prompt', async () => {
    const page = mountScreen(<WalletIsland locale="eng" messages={eng} />);
    await waitFor(() => page.host.querySelector('dialog')?.open === true, 'the prompt to open');
    expect(page.host.querySelector('.gs-wallet')).to.equal(null);
    page.unmount();
  });

  it('gives the screen its fixed props in both places, and its site-only props on the site alone', () => {
    const Declared = screen(Probe, { props: { mode: 'add' }, onSite: { navigate: true } });
    const onSite = mountScreen(<Declared locale="eng" messages={eng} />);
    const onPartnerPage = mountScreen(<Declared />);
    expect(onSite.host.querySelector('.probe')?.textContent).to.equal('add goes on');
    expect(onPartnerPage.host.querySelector('.probe')?.textContent).to.equal('add stays');
    onSite.unmount();
    onPartnerPage.unmount();
  });
});
