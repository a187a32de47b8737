/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import { axeViolations } from '../../tests/helpers/axe.ts';
import { ok, stubFetch, waitFor } from '../../tests/helpers/fetch-stub.ts';
import { buttonNamed, mountScreen } from '../../tests/helpers/mount.tsx';
import { $user, endSession, startSession } from '../core/session.ts';
import { NotificationBell } from './NotificationBell.tsx';
import { refreshUnread } from './unread.ts';

const member = { id: 7, username: 'member01', user_wallets: { main_wallet: 0 } };
const notices = [
  {
    id: 3,
    kind: 'income_arrived',
    params: { date: '2026-11-22', engine_room_id: 1, amount: 900 },
    created_at: '2026-11-23T01:00:00Z',
    read_at: null,
  },
  {
    id: 2,
    kind: 'payment_rejected',
    params: { order_number: 'GS1', reason: 'No such remittance' },
    created_at: '2026-11-22T01:00:00Z',
    read_at: null,
  },
  { id: 1, kind: 'verification_approved', params: {}, created_at: '2026-11-21T01:00:00Z', read_at: '2026-11-21T02:00:00Z' },
];

describe('NotificationBell', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    endSession();
  });

  it('reads the member afresh when a new notice arrives, so open screens follow (an approval reaches the add-card form)', async () => {
    let unread = 1;
    stub = stubFetch((call) => {
      if (call.path === '/v1/notifications/unread') return ok({ unread });
      if (call.path === '/v1/check') return ok({ ...member, verification_status: 'approved' });
      return ok({});
    });
    act(() => startSession('token-7', { ...member, verification_status: 'pending' }));
    const page = mountScreen(<NotificationBell />);
    await waitFor(() => page.host.querySelector('.gs-bell__button') !== null, 'the bell');
    await refreshUnread();
    const checks = () => stub?.calls.filter((call) => call.path === '/v1/check').length ?? 0;
    expect(checks(), 'the same count: nothing new').to.equal(0);
    unread = 2;
    await refreshUnread();
    await waitFor(() => $user.get()?.verification_status === 'approved', 'the member read afresh');
    expect(checks()).to.equal(1);
    page.unmount();
  });

  it('shows nothing to a visitor who is not logged in', () => {
    const page = mountScreen(<NotificationBell />);
    expect(page.host.querySelector('button')).to.equal(null);
    page.unmount();
  });

  it('says how many are unread, lists them in words with points and reasons, and marks them all read', async () => {
    let unread = 2;
    stub = stubFetch((call) => {
      if (call.path === '/v1/notifications/unread') return ok({ unread });
      if (call.path === '/v1/notifications') return ok({ current_page: 1, last_page: 1, per_page: 15, total: 3, data: notices });
      if (call.path === '/v1/notifications/read-all') {
        unread = 0;
        return ok({ unread: 0 });
      }
      return ok({});
    });
    act(() => startSession('token-7', member));
    const page = mountScreen(<NotificationBell />);
    const bell = () => page.host.querySelector<HTMLButtonElement>('.gs-bell__button');
    await waitFor(
      () => bell()?.getAttribute('aria-label') === `${eng.notices_open}, ${eng.notices_unread.replace('{{count}}', '2')}`,
      'the count',
    );
    expect(page.host.querySelector('.gs-bell__count')?.textContent).to.equal('2');

    act(() => bell()?.click());
    await waitFor(() => page.host.querySelectorAll('.gs-bell__item').length === 3, 'the list');
    const text = page.host.querySelector('.gs-bell__list')?.textContent ?? '';
    expect(text).to.contain(eng.notice_income_arrived.replace('{{amount}}', '900.0000').replace('{{date}}', '2026-11-22'));
    expect(text).to.contain('No such remittance');
    expect(page.host.querySelectorAll('.gs-bell__item--unread')).to.have.length(2);
    expect(await axeViolations(page.host)).to.deep.equal([]);

    act(() => buttonNamed(page.host, eng.notices_read_all).click());
    await waitFor(() => page.host.querySelector('.gs-bell__count') === null, 'the count to clear');
    expect(stub.calls.some((call) => call.path === '/v1/notifications/read-all')).to.equal(true);

    // Escape closes the list and gives the focus back to the bell.
    page.host.querySelector('.gs-bell__panel')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await waitFor(() => page.host.querySelector('.gs-bell__panel') === null, 'the list to close');
    page.unmount();
  });
});
