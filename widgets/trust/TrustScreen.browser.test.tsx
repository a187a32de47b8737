/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import { fail, ok, stubFetch, waitFor } from '../../tests/helpers/fetch-stub.ts';
import { alertText, mountScreen } from '../../tests/helpers/mount.tsx';
import { axeViolations } from '../../tests/helpers/axe.ts';
import { endSession, startSession } from '../core/session.ts';
import { TrustScreen } from './TrustScreen.tsx';

const day = (room: number, date: string, revenue: number, income: number) => ({
  engine_room_id: room,
  business_date: date,
  kwh: 1200.5,
  revenue,
  evidence: `meter ${date}`,
  adjustments: 0,
  fee_percent: 10,
  distributable: revenue * 0.9,
  income,
  kept: revenue - income,
});
const rooms = [
  { id: 1, name: 'Tainan Solar Park A', capacity_units: 23, revenue: 1500, income: 540, balance: 960 },
  { id: 2, name: 'Kaohsiung Rooftop B', capacity_units: null, revenue: 0, income: 0, balance: 0 },
];
const trustPage = ok(
  {
    current_page: 1,
    last_page: 1,
    per_page: 30,
    total: 2,
    data: [day(1, '2026-11-20', 1000, 360), { ...day(1, '2026-11-19', 500, 180), adjustments: 2 }],
  },
  { rooms },
);

describe('TrustScreen', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    endSession();
    localStorage.clear();
  });

  it('shows each room’s ledger totals and every day’s revenue, fee, income and what the room kept, to anyone', async () => {
    stub = stubFetch((call) => (call.path.startsWith('/v1/trust') ? trustPage : fail(404, 'Not found')));
    const page = mountScreen(<TrustScreen />);
    await waitFor(() => page.host.querySelectorAll('.gs-trust__days tbody tr').length === 2, 'the days');
    const roomRows = [...page.host.querySelectorAll('section:first-of-type tbody tr')].map((row) => row.textContent);
    expect(roomRows[0]).to.contain('Tainan Solar Park A').and.contain('1,500.0000').and.contain('960.0000');
    expect(roomRows[1]).to.contain(eng.trust_capacity_unset);
    const first = page.host.querySelector('.gs-trust__days tbody tr')?.textContent ?? '';
    expect(first).to.contain('2026-11-20').and.contain('10%').and.contain('900.0000').and.contain('360.0000').and.contain('640.0000');
    expect(first).not.to.contain(eng.trust_corrected.replace('{{count}}', '2'));
    // A day corrected after it was recorded says how many corrections its figures include.
    const corrected = page.host.querySelectorAll('.gs-trust__days tbody tr')[1]?.textContent ?? '';
    expect(corrected).to.contain(eng.trust_corrected.replace('{{count}}', '2'));
    expect(page.host.textContent).not.to.contain(eng.trust_mine);
    expect(page.host.querySelector('svg[role="img"]')).not.to.equal(null);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    expect(stub.calls.map((call) => call.path)).not.to.include('/v1/interest');
    page.unmount();
  });

  it('highlights a logged-in member’s own income on the days and rooms they earned', async () => {
    act(() => startSession('token-7', { id: 7, username: 'member01' }));
    stub = stubFetch((call) => {
      if (call.path.startsWith('/v1/trust')) return trustPage;
      if (call.path === '/v1/interest')
        return ok({
          current_page: 1,
          last_page: 1,
          per_page: 15,
          total: 1,
          data: [{ id: 1, interest_record_number: 'IR1', amount: 12.5, business_date: '2026-11-19', engine_room_id: 1, created_at: '' }],
        });
      return fail(404, 'Not found');
    });
    const page = mountScreen(<TrustScreen />);
    await waitFor(() => page.host.querySelector('.gs-trust__own') !== null, 'the member’s own day');
    const own = page.host.querySelector('.gs-trust__own');
    expect(own?.textContent).to.contain('2026-11-19').and.contain('12.5000');
    expect(page.host.querySelectorAll('.gs-trust__own')).to.have.length(1);
    page.unmount();
  });

  it('says so when the figures cannot be loaded', async () => {
    stub = stubFetch(() => fail(503, 'service down'));
    const page = mountScreen(<TrustScreen />);
    await waitFor(() => alertText(page.host) === eng.trust_load_error, 'the load error');
    page.unmount();
  });
});
