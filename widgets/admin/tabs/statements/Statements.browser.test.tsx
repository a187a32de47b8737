/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../../../locales/eng.json';
import zht from '../../../../locales/zht.json';
import type { StatementLineJson, StatementPreviewJson } from '../../../../contract/api/reconciliation.ts';
import { axeViolations } from '../../../../tests/helpers/axe.ts';
import { ok, refuse, stubFetch, waitFor, type RecordedCall } from '../../../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, mountScreen, statusText } from '../../../../tests/helpers/mount.tsx';
import { $operatorToken } from '../../shared/operator-session.ts';
import { Statements } from './Statements.tsx';

const account = { id: 3, bank_name: '台灣銀行', account_number: '004000000000003', enabled: true, demo: false, mapping: null };
const line: StatementLineJson = {
  id: null,
  line: 2,
  booked_on: '2026-11-27',
  amount: '3000.0000',
  payer_name: '王磊',
  reference: 'A1',
  payer_account: '812000011111',
  state: 'matched',
  problems: [],
  notice: { order_id: 7, order_number: 'GS2611270007', member: { id: 4, username: 'wanglei' }, account_back_five: '11111' },
  confirmed_order: null,
};
const counts = {
  bad: 0,
  not_credit: 0,
  imported_before: 0,
  confirmed: 0,
  matched: 1,
  confirmed_by_hand: 0,
  no_notice: 0,
  digits_differ: 0,
  name_differs: 0,
  several_notices: 0,
  several_lines: 0,
};
const preview = (mapping: StatementPreviewJson['mapping']): StatementPreviewJson => ({
  header: ['Date', 'Credit', 'Name', 'Memo'],
  mapping,
  problem: null,
  file_sha256: 'f'.repeat(64),
  counts,
  lines: [line],
});
const guessed = { columns: { booked_on: 'Date', amount: 'Credit', payer_name: 'Name', reference: 'Memo' }, date_order: 'ymd' as const };

const selectLabelled = (host: HTMLElement, label: string) =>
  [...host.querySelectorAll('label')].find((element) => element.firstChild?.textContent === label)?.querySelector('select') ?? null;

function choose(select: HTMLSelectElement | null, value: string) {
  act(() => {
    if (select === null) throw new Error('no such select');
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

async function chooseFile(host: HTMLElement, bytes: Uint8Array<ArrayBuffer>) {
  const input = host.querySelector<HTMLInputElement>('input[type="file"]');
  const files = new DataTransfer();
  files.items.add(new File([bytes], 'statement.csv', { type: 'text/csv' }));
  await act(async () => {
    if (input === null) throw new Error('no file input');
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

describe('the Bank statements tab', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => $operatorToken.set(`op.${'s'.repeat(43)}`));
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
  });
  const previews = () => stub?.calls.filter((call) => call.path === '/admin/v1/bank-statements/preview') ?? [];

  function desk(onImport: (call: RecordedCall) => ReturnType<typeof ok> = () => refuse(409, 'statement_imported_before', 'Nothing new')) {
    return stubFetch((call) => {
      if (call.path === '/admin/v1/bank-statement-accounts') return ok([account]);
      if (call.path === '/admin/v1/bank-statements' && call.method === 'GET')
        return ok({ current_page: 1, last_page: 1, per_page: 15, total: 0, data: [] });
      if (call.path === '/admin/v1/bank-statements/preview')
        return ok(preview(call.form.get('mapping[date_order]') === 'dmy' ? { ...guessed, date_order: 'dmy' } : guessed));
      if (call.path === '/admin/v1/bank-statements') return onImport(call);
      return refuse(404, 'route_not_found', 'Not found');
    });
  }

  it('reads the file once an account is chosen, shows the guessed columns, and reads again with a column changed (in Traditional Chinese)', async () => {
    stub = desk();
    const page = mountScreen(<Statements view={{}} onViewChange={() => undefined} />, 'zht', zht);
    await waitFor(() => page.host.querySelector('option[value="3"]') !== null, 'the accounts');
    await chooseFile(page.host, new TextEncoder().encode('Date,Credit,Name,Memo\n2026-11-27,3000,王磊,A1'));
    // No account yet: asked for, nothing sent.
    await waitFor(() => page.host.textContent?.includes(zht.admin_stmt_account_needed) === true, 'the account asked for');
    expect(previews()).to.have.length(0);
    choose(selectLabelled(page.host, zht.admin_stmt_account), '3');
    await waitFor(() => previews().length === 1 && page.host.querySelector('table') !== null, 'the preview');
    expect(previews()[0]?.form.get('remittance_account_id')).to.equal('3');
    expect(previews()[0]?.form.has('mapping[date_order]')).to.equal(false);
    expect(selectLabelled(page.host, zht.admin_stmt_column_payer_name)?.value).to.equal('Name');
    expect(page.host.textContent).to.contain('GS2611270007');

    choose(selectLabelled(page.host, zht.admin_stmt_date_order), 'dmy');
    await waitFor(() => previews().length === 2, 'the second preview');
    expect(previews()[1]?.form.get('mapping[columns][payer_name]')).to.equal('Name');
    expect(previews()[1]?.form.get('mapping[date_order]')).to.equal('dmy');
    expect(await axeViolations(page.host)).to.deep.equal([]);

    // An import that brings nothing new says so in the operator's words.
    act(() => buttonNamed(page.host, zht.admin_stmt_import_button).click());
    await waitFor(() => alertText(page.host) !== '', 'the refusal');
    expect(alertText(page.host)).to.equal(zht.refusal_statement_imported_before);
    page.unmount();
  });

  it('says when the file is not in the chosen encoding, and reads it in the right one', async () => {
    stub = desk((call) => ok({ statement: { id: 9, file_name: call.form.get('file_name') }, counts }));
    let opened: number | undefined;
    const page = mountScreen(<Statements view={{}} onViewChange={(view) => (opened = view.statement)} />);
    await waitFor(() => page.host.querySelector('option[value="3"]') !== null, 'the accounts');
    choose(selectLabelled(page.host, eng.admin_stmt_account), '3');
    // "王磊" in Big5: not UTF-8.
    const big5 = new Uint8Array([
      ...new TextEncoder().encode('Date,Credit,Name,Memo\n2026-11-27,3000,'),
      0xa4,
      0xfd,
      0xbd,
      0x55,
      0x2c,
      0x41,
    ]);
    await chooseFile(page.host, big5);
    await waitFor(() => page.host.textContent?.includes(eng.admin_stmt_file_garbled) === true, 'the encoding hint');
    expect(previews()).to.have.length(0);
    choose(selectLabelled(page.host, eng.admin_stmt_encoding), 'big5');
    await waitFor(() => previews().length === 1, 'the preview');
    expect(previews()[0]?.form.get('csv')).to.contain('王磊');
    await waitFor(() => statusText(page.host).includes('1'), 'the summary');
    act(() => buttonNamed(page.host, eng.admin_stmt_import_button).click());
    await waitFor(() => opened === 9, 'the statement opened');
    page.unmount();
  });
});
