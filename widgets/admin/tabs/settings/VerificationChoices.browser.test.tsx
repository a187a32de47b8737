/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import zht from '../../../../locales/zht.json';
import { axeViolations } from '../../../../tests/helpers/axe.ts';
import { ok, refuse, stubFetch, typeInto, waitFor, type RecordedCall } from '../../../../tests/helpers/fetch-stub.ts';
import { mountScreen } from '../../../../tests/helpers/mount.tsx';
import { $operatorToken } from '../../shared/operator-session.ts';
import { VerificationChoices } from './VerificationChoices.tsx';

const choice = (id: number, zhs: string, zhtName: string, eng: string, enabled = true) => ({
  id,
  type: eng,
  name_zhs: zhs,
  name_zht: zhtName,
  name_eng: eng,
  enabled,
});
const lists = {
  countries: [choice(1, '中国', '中國', 'China'), choice(3, '台湾', '臺灣', 'Taiwan')],
  certificate_types: [choice(1, '身份证', '身分證', 'Identity card')],
};

const field = (host: HTMLElement, label: string) => {
  const input = host.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
  if (input === null) throw new Error(`No field "${label}"`);
  return input;
};
const press = (host: HTMLElement, label: string) =>
  act(() => host.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)?.click());
const writes = (calls: RecordedCall[]) => calls.filter((call) => call.method !== 'GET');

describe('VerificationChoices (Settings, administrators)', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => $operatorToken.set(`op.${'e'.repeat(43)}`));
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
  });

  it('renames a country in one language, switches one off, and adds one only with all three names, in the operator’s language', async () => {
    stub = stubFetch((call) => {
      if (call.method === 'GET') return ok(lists);
      if (call.method === 'POST' && call.form.get('name_eng') === 'Mars')
        return refuse(422, 'validation', 'Parameter validation error.', { errors: { name_zht: ['blank'] } });
      return ok(choice(9, 'x', 'x', 'x'));
    });
    const page = mountScreen(<VerificationChoices />, 'zht', zht);
    await waitFor(() => page.host.querySelectorAll('tbody tr').length === 5, 'both lists and their adding rows');
    expect(page.host.querySelector('caption')?.textContent).to.equal(zht.admin_choices_countries);

    typeInto(field(page.host, `${zht.admin_choices_name_zht}: Taiwan`), '台灣');
    press(page.host, `${zht.admin_choices_save}: Taiwan`);
    await waitFor(() => writes(stub?.calls ?? []).length === 1, 'the rename');
    const [rename] = writes(stub.calls);
    expect(rename?.method).to.equal('PUT');
    expect(rename?.path).to.equal('/admin/v1/verification-choices/countries/3');
    expect(Object.fromEntries(rename?.form ?? [])).to.deep.equal({
      name_zhs: '台湾',
      name_zht: '台灣',
      name_eng: 'Taiwan',
      enabled: 'true',
    });
    await waitFor(() => page.host.textContent?.includes(zht.admin_choices_saved) === true, 'saved');

    act(() => page.host.querySelector<HTMLInputElement>(`input[aria-label="${zht.admin_choices_offered}: China"]`)?.click());
    press(page.host, `${zht.admin_choices_save}: China`);
    await waitFor(() => writes(stub?.calls ?? []).length === 2, 'the switch');
    expect(writes(stub.calls)[1]?.form.get('enabled')).to.equal('false');

    // The adding row of the countries: a missing name is said there and nothing is sent.
    const adding = `${zht.admin_choices_new}`;
    typeInto(field(page.host, `${zht.admin_choices_name_eng}: ${adding}`), 'Mars');
    press(page.host, `${zht.admin_choices_add}: ${adding}`);
    await waitFor(() => page.host.textContent?.includes(zht.admin_choices_name_required) === true, 'the names asked for');
    expect(writes(stub.calls)).to.have.length(2);
    expect(field(page.host, `${zht.admin_choices_name_zhs}: ${adding}`).getAttribute('aria-invalid')).to.equal('true');
    // The server's refusal by field lands on that field.
    typeInto(field(page.host, `${zht.admin_choices_name_zhs}: ${adding}`), '火星');
    typeInto(field(page.host, `${zht.admin_choices_name_zht}: ${adding}`), '火星');
    press(page.host, `${zht.admin_choices_add}: ${adding}`);
    await waitFor(() => writes(stub?.calls ?? []).length === 3, 'the add');
    expect(writes(stub.calls)[2]?.path).to.equal('/admin/v1/verification-choices/countries');
    await waitFor(
      () => field(page.host, `${zht.admin_choices_name_zht}: ${adding}`).getAttribute('aria-invalid') === 'true',
      'the field refused',
    );
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });
});
