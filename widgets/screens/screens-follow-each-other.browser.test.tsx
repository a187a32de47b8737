/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import { ok, stubFetch, waitFor } from '../../tests/helpers/fetch-stub.ts';
import { mountScreen } from '../../tests/helpers/mount.tsx';
import { OrderList } from '../orders/OrderList.tsx';
import { TransactionsScreen } from '../wallet/TransactionsScreen.tsx';
import { WithdrawScreen } from '../withdraw/WithdrawScreen.tsx';
import { $unread, refreshUnread } from '../notifications/unread.ts';
import { cardsChanged, walletChanged } from '../core/changes.ts';
import { endSession, startSession } from '../core/session.ts';

const empty = ok({ current_page: 1, last_page: 1, per_page: 10, total: 0, data: [] });

/** One page, one truth: a change made by one screen, or news of an operator's decision, reaches the others. */
describe('screens that follow each other on one page', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  let unread = 0;
  beforeEach(() => {
    act(() => startSession('token-7', { id: 7, username: 'member01' }));
    unread = 0;
    stub = stubFetch((call) => {
      if (call.path === '/v1/notifications/unread') return ok({ unread });
      if (call.path === '/v1/bankcard') return ok([]);
      if (call.path === '/v1/userWallet') return ok({ main_wallet: 1000 });
      return empty;
    });
  });
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    endSession();
    localStorage.clear();
  });
  const reads = (path: string) => stub?.calls.filter((call) => call.path === path).length ?? 0;

  it('the transaction history reads again when points move elsewhere on the page', async () => {
    const page = mountScreen(<TransactionsScreen />);
    await waitFor(() => reads('/v1/transactionRecod') === 1, 'the first read');
    act(() => walletChanged());
    await waitFor(() => reads('/v1/transactionRecod') === 2, 'read again');
    page.unmount();
  });

  it('the withdrawal form offers a card added or deleted beside it', async () => {
    const page = mountScreen(<WithdrawScreen />);
    await waitFor(() => reads('/v1/bankcard') === 1, 'the cards');
    act(() => cardsChanged());
    await waitFor(() => reads('/v1/bankcard') === 2, 'the cards again');
    page.unmount();
  });

  it('news of an operator’s decision makes the order list read again', async () => {
    const page = mountScreen(<OrderList />);
    await waitFor(() => reads('/v1/order') === 1, 'the orders');
    await refreshUnread();
    expect($unread.get()).to.equal(0);
    unread = 1;
    await refreshUnread();
    await waitFor(() => reads('/v1/order') === 2, 'the orders again');
    page.unmount();
  });
});
