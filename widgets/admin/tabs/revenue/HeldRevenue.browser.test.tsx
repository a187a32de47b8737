/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../../../locales/eng.json';
import zhs from '../../../../locales/zhs.json';
import { axeViolations } from '../../../../tests/helpers/axe.ts';
import { ok, stubFetch, typeInto, waitFor } from '../../../../tests/helpers/fetch-stub.ts';
import { buttonNamed, inputLabelled, mountScreen, statusText } from '../../../../tests/helpers/mount.tsx';
import type { HeldEntry } from '../../../../contract/api/revenue.ts';
import { HeldRevenue } from './HeldRevenue.tsx';
import { $operatorToken } from '../../shared/operator-session.ts';

const entry = (id: number, mine: boolean): HeldEntry => ({
  id,
  engine_room_id: 1,
  room_name: 'Tainan Solar Park A',
  business_date: '2026-11-27',
  entry_kind: id === 1 ? 'record' : 'adjustment',
  kwh: 100,
  revenue: 2000,
  evidence: 'meter photo',
  recorded_by: mine ? 1 : 2,
  recorded_by_name: mine ? 'chief' : 'night_admin',
  recorded_by_me: mine,
  created_at: '2026-11-27T16:00:00.000Z',
  hold_until: '2026-11-28T16:00:00.000Z',
});

describe('HeldRevenue (the Revenue tab)', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => $operatorToken.set(`op.${'h'.repeat(43)}`));
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
  });

  it('lists what waits and until when; one’s own entry cannot be shared by oneself, another’s can', async () => {
    stub = stubFetch((call) => (call.path === '/admin/v1/revenue/held' ? ok([entry(1, true), entry(2, false)]) : ok(null)));
    let changes = 0;
    const page = mountScreen(<HeldRevenue round={0} onChange={() => (changes += 1)} />);
    await waitFor(() => page.host.querySelectorAll('tbody tr').length === 2, 'the held entries');
    const shareButtons = [...page.host.querySelectorAll('tbody tr')].map(
      (row) => [...row.querySelectorAll('button')].find((button) => button.textContent === eng.admin_held_share_now) as HTMLButtonElement,
    );
    expect(shareButtons.map((button) => button.disabled)).to.deep.equal([true, false]);
    expect(shareButtons[0]?.title).to.equal(eng.refusal_revenue_release_own);
    expect(page.host.querySelectorAll('tbody tr')[1]?.textContent).to.contain(eng.admin_held_correction);
    expect(await axeViolations(page.host)).to.deep.equal([]);

    act(() => shareButtons[1]?.click());
    await waitFor(() => statusText(page.host) === eng.admin_held_shared.replace('{{day}}', '2026-11-27'), 'the release');
    expect(stub.calls.some((call) => call.method === 'POST' && call.path === '/admin/v1/revenue-entries/2/share-now')).to.equal(true);
    expect(changes).to.equal(1);
    page.unmount();
  });

  it('withdraws an entry with a reason, in the operator’s language', async () => {
    stub = stubFetch((call) => (call.path === '/admin/v1/revenue/held' ? ok([entry(1, true)]) : ok(null)));
    const page = mountScreen(<HeldRevenue round={0} onChange={() => undefined} />, 'zhs', zhs);
    await waitFor(() => page.host.querySelectorAll('tbody tr').length === 1, 'the held entry');
    act(() => buttonNamed(page.host.querySelector('tbody') as HTMLElement, zhs.admin_held_withdraw).click());
    typeInto(inputLabelled(page.host, zhs.admin_reason), '多打了一个零');
    act(() => buttonNamed(page.host.querySelector('fieldset') ?? page.host, zhs.admin_held_withdraw).click());
    await waitFor(() => stub?.calls.some((call) => call.path === '/admin/v1/revenue-entries/1/withdraw') === true, 'the withdrawal');
    expect(stub.calls.find((call) => call.path === '/admin/v1/revenue-entries/1/withdraw')?.form.get('reason')).to.equal('多打了一个零');
    page.unmount();
  });
});
