/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import { ok, stubFetch, waitFor } from '../../tests/helpers/fetch-stub.ts';
import { mountScreen } from '../../tests/helpers/mount.tsx';
import { endSession, startSession } from '../core/session.ts';
import { StatementScreen } from './StatementScreen.tsx';

describe('StatementScreen', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => {
    act(() => startSession('token-7', { id: 7, username: 'member01' }));
  });
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    endSession();
    localStorage.clear();
  });

  it('shows each movement with its wallet and a signed amount, newest first as the server sends them', async () => {
    const entries = [
      {
        id: 2,
        journal_id: 1,
        created_at: '2026-11-21T09:00:00Z',
        kind: 'partner_deposit',
        wallet: 'partner',
        enjoy_city: { id: 2, name: 'cinema' },
        amount: 150,
      },
      { id: 1, journal_id: 1, created_at: '2026-11-21T09:00:00Z', kind: 'partner_deposit', wallet: 'main', enjoy_city: null, amount: -150 },
    ];
    stub = stubFetch(() => ok({ current_page: 1, last_page: 1, per_page: 20, total: 2, data: entries }));
    const page = mountScreen(<StatementScreen />);
    await waitFor(() => page.host.querySelectorAll('tbody tr').length === 2, 'the entries');
    const rows = [...page.host.querySelectorAll('tbody tr')].map((row) => row.textContent ?? '');
    expect(rows[0]).to.contain(eng.statement_kind_deposit).and.contain(eng.wallet_cinema).and.contain('+150.0000');
    expect(rows[1]).to.contain(eng.wallet_main).and.contain('-150.0000');
    expect(stub.calls[0]?.authorization).to.equal('Bearer token-7');
    page.unmount();
  });
});
