/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../locales/eng.json';
import { fail, ok, refuse, stubFetch, typeInto, waitFor, type RecordedCall, type Reply } from '../../tests/helpers/fetch-stub.ts';
import { alertText, buttonNamed, errorOf, inputLabelled, mountScreen, statusText } from '../../tests/helpers/mount.tsx';
import { $user, endSession, startSession, type SessionUser } from '../core/session.ts';
import { VerifyScreen } from './VerifyScreen.tsx';
import { refreshUnread } from '../notifications/unread.ts';
import { STORE_UNMOUNT_DELAY } from 'nanostores';

const member: SessionUser = {
  id: 7,
  username: 'member01',
  realname: null,
  email: null,
  phone: null,
  countries_id: 1,
  verification_status: 'none',
};
const countries = [
  { id: 1, type: 'China', names: { zhs: '中国', zht: '中國', eng: 'China' } },
  { id: 2, type: 'Vietnam', names: { zhs: '越南', zht: '越南', eng: 'Viet Nam' } },
];
// The API's English `type` and the names an administrator gave: the screen shows the name in the member's language.
const certificates = [
  { id: 1, type: 'identity-card', names: { zhs: '身份证', zht: '身分證', eng: 'Identity card' } },
  { id: 2, type: 'passport', names: { zhs: '护照' } },
];

/** A server with the two lists; uploads get ids 101, 102, …; `rest` answers the others. */
function verifyServer(rest: (call: RecordedCall) => Reply = () => fail(500, 'unexpected'), upload?: (call: RecordedCall) => Reply) {
  let next = 100;
  return stubFetch((call) => {
    if (call.path === '/v1/country') return ok(countries);
    if (call.path === '/v1/certificate') return ok(certificates);
    if (call.path === '/v1/image/upload') {
      if (upload !== undefined) return upload(call);
      next += 1;
      return { status: 201, body: { status: 1, code: 1, message: 'Uploaded', detail: { id: next, image_path: `/api/v1/image/${next}` } } };
    }
    return rest(call);
  });
}

function selectLabelled(host: HTMLElement, label: string): HTMLSelectElement {
  const element = [...host.querySelectorAll('label')].find((candidate) => candidate.textContent === label);
  const select = element === undefined ? null : host.querySelector<HTMLSelectElement>(`select[id="${element.htmlFor}"]`);
  if (select === null) throw new Error(`No select labelled "${label}"`);
  return select;
}

function choose(select: HTMLSelectElement, value: string): void {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** The file input of a photo: its label starts with the photo's name (then the frame, the one picker). */
function photoInput(host: HTMLElement, label: string): HTMLInputElement {
  const element = [...host.querySelectorAll('.gs-photo label')].find((candidate) => candidate.firstChild?.textContent === label) as
    HTMLLabelElement | undefined;
  const input = element === undefined ? null : host.querySelector<HTMLInputElement>(`input[id="${element.htmlFor}"]`);
  if (input === null) throw new Error(`No photo input "${label}"`);
  return input;
}

function pick(input: HTMLInputElement, file: File): void {
  const transfer = new DataTransfer();
  transfer.items.add(file);
  act(() => {
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const png = (name = 'front.png', bytes = 1024) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
const photoLabels = [eng.verify_photo_front, eng.verify_photo_back, eng.verify_photo_handheld];
const uploads = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/v1/image/upload');
const preview = (input: HTMLInputElement) => input.closest('.gs-photo')?.querySelector('img') ?? null;

async function fillText(host: HTMLElement): Promise<void> {
  await waitFor(() => selectLabelled(host, eng.verify_certificate_type).options.length === 3, 'the lists');
  typeInto(inputLabelled(host, eng.verify_real_name), 'Wang Xiaoming');
  typeInto(inputLabelled(host, eng.verify_email), 'wang@example.com');
  typeInto(inputLabelled(host, eng.verify_phone), '0912345678');
  choose(selectLabelled(host, eng.verify_country), '2');
  choose(selectLabelled(host, eng.verify_certificate_type), '2');
  typeInto(inputLabelled(host, eng.verify_certificate_number), 'P1234567');
}

async function uploadAll(host: HTMLElement): Promise<void> {
  for (const label of photoLabels) {
    const input = photoInput(host, label);
    pick(input, png());
    await waitFor(() => preview(input) !== null, `the ${label} preview`);
  }
}

describe('VerifyScreen', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  beforeEach(() => {
    act(() => startSession('token-7', member));
  });
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    endSession();
    localStorage.clear();
  });

  it('shows the status, the account name read-only, countries and certificate types named by id in the language', async () => {
    stub = verifyServer();
    const page = mountScreen(<VerifyScreen />);
    expect(page.host.querySelector('.gs-verify__status')?.textContent).to.contain(eng.verify_status_none);
    const name = inputLabelled(page.host, eng.verify_name);
    expect(name.value).to.equal('member01');
    expect(name.readOnly).to.equal(true);
    await waitFor(() => selectLabelled(page.host, eng.verify_certificate_type).options.length === 3, 'the lists');
    const country = selectLabelled(page.host, eng.verify_country);
    expect([...country.options].map((option) => option.textContent)).to.deep.equal([eng.wallet_choose, 'China', 'Viet Nam']);
    // The registration's country (1) is the first choice.
    expect(country.value).to.equal('1');
    expect([...selectLabelled(page.host, eng.verify_certificate_type).options].map((option) => option.textContent)).to.deep.equal([
      eng.wallet_choose,
      'Identity card',
      // No English name given: the API's own.
      'passport',
    ]);
    expect(inputLabelled(page.host, eng.verify_email).type).to.equal('email');
    expect(photoInput(page.host, eng.verify_photo_front).accept).to.equal('image/png,image/jpeg');
    page.unmount();
  });

  it('shows a rejection with its reason, and replaces the form by the verified state once approved', async () => {
    stub = verifyServer();
    act(() => $user.set({ ...member, verification_status: 'rejected', verification_reason: 'The photo is blurred' }));
    const rejected = mountScreen(<VerifyScreen />);
    expect(rejected.host.textContent).to.contain(eng.verify_status_rejected).and.contain('Reason: The photo is blurred');
    expect(rejected.host.querySelector('form')).to.not.equal(null);
    rejected.unmount();
    act(() =>
      $user.set({
        ...member,
        verification_status: 'pending',
        realname: 'Wang Xiaoming',
        email: 'wang@example.com',
        phone: '0912345678',
        certificate_number: 'P1234567',
      }),
    );
    const pending = mountScreen(<VerifyScreen />);
    // Under review: what was sent, read-only, and nothing to send again.
    expect(pending.host.textContent).to.contain(eng.verify_status_pending).and.contain(eng.verify_pending_note);
    expect(pending.host.textContent).to.contain('Wang Xiaoming').and.contain('wang@example.com').and.contain('P1234567');
    expect(pending.host.querySelector('form')).to.equal(null);
    expect(pending.host.querySelector('button')).to.equal(null);
    pending.unmount();
    stub.calls.length = 0;
    act(() => $user.set({ ...member, realname: 'Wang Xiaoming', verification_status: 'approved' }));
    const approved = mountScreen(<VerifyScreen />);
    expect(approved.host.querySelector('form')).to.equal(null);
    expect(approved.host.textContent).to.contain(eng.verify_status_approved).and.contain('Wang Xiaoming');
    expect(stub.calls).to.have.length(0);
    approved.unmount();
  });

  it("checks in the original app's order before sending: every field, the email, then the three photos", async () => {
    stub = verifyServer();
    const page = mountScreen(<VerifyScreen />);
    await waitFor(() => selectLabelled(page.host, eng.verify_certificate_type).options.length === 3, 'the lists');
    const submit = async () => {
      act(() => buttonNamed(page.host, eng.verify_submit).click());
      await waitFor(() => alertText(page.host) !== '', 'a notice');
      return alertText(page.host);
    };
    expect(await submit()).to.equal(eng.verify_check_info);
    await waitFor(() => document.activeElement === inputLabelled(page.host, eng.verify_real_name), 'the focus');
    // Every empty field says so under itself, not only the first.
    for (const label of [eng.verify_real_name, eng.verify_email, eng.verify_phone, eng.verify_certificate_number]) {
      expect(errorOf(inputLabelled(page.host, label))).to.equal(eng.verify_field_required);
    }
    await fillText(page.host);
    choose(selectLabelled(page.host, eng.verify_certificate_type), '');
    expect(await submit()).to.equal(eng.verify_check_info);
    await waitFor(() => document.activeElement === selectLabelled(page.host, eng.verify_certificate_type), 'the focus');
    choose(selectLabelled(page.host, eng.verify_certificate_type), '1');
    typeInto(inputLabelled(page.host, eng.verify_email), 'wang@example');
    expect(await submit()).to.equal(eng.register_email_invalid);
    expect(errorOf(inputLabelled(page.host, eng.verify_email))).to.equal(eng.register_email_invalid);
    typeInto(inputLabelled(page.host, eng.verify_email), 'wang@example.com');
    pick(photoInput(page.host, eng.verify_photo_front), png());
    await waitFor(() => preview(photoInput(page.host, eng.verify_photo_front)) !== null, 'the front preview');
    expect(await submit()).to.equal(eng.verify_check_photo);
    expect(stub.calls.filter((call) => call.method === 'PUT')).to.have.length(0);
    page.unmount();
  });

  it('refuses a photo that is not png/jpeg or is over 2048 KB before uploading it', async () => {
    stub = verifyServer();
    const page = mountScreen(<VerifyScreen />);
    const front = photoInput(page.host, eng.verify_photo_front);
    pick(front, new File([new Uint8Array(10)], 'front.gif', { type: 'image/gif' }));
    expect(errorOf(front)).to.equal(eng.verify_check_size);
    pick(front, png('big.png', 2048 * 1024 + 1));
    expect(errorOf(front)).to.equal(eng.verify_check_size);
    expect(front.value).to.equal('');
    expect(uploads(stub.calls)).to.have.length(0);
    // Exactly 2048 KB of jpeg is allowed.
    pick(front, new File([new Uint8Array(2048 * 1024)], 'front.jpg', { type: 'image/jpeg' }));
    await waitFor(() => preview(front) !== null, 'the preview');
    expect(errorOf(front)).to.equal('');
    page.unmount();
  });

  it('uploads each photo at once as multipart "image" with the token, and previews it from the local file', async () => {
    stub = verifyServer();
    const page = mountScreen(<VerifyScreen />);
    const back = photoInput(page.host, eng.verify_photo_back);
    const file = png('back.png');
    pick(back, file);
    await waitFor(() => preview(back) !== null, 'the preview');
    const [call] = uploads(stub.calls);
    expect(call?.method).to.equal('POST');
    expect(call?.authorization).to.equal('Bearer token-7');
    expect(call?.query.get('device')).to.equal('mobile');
    expect((call?.formData?.get('image') as File | null)?.name).to.equal('back.png');
    expect(preview(back)?.getAttribute('src')).to.match(/^blob:/);
    page.unmount();
  });

  it('returns the placeholder and says so when an upload fails', async () => {
    stub = verifyServer(undefined, () => fail(415, 'Only png or jpeg images are accepted'));
    const page = mountScreen(<VerifyScreen />);
    const handheld = photoInput(page.host, eng.verify_photo_handheld);
    pick(handheld, png('hand.png'));
    await waitFor(() => errorOf(handheld) === eng.verify_upload_error, 'the upload error');
    expect(preview(handheld)).to.equal(null);
    expect(handheld.closest('.gs-photo')?.querySelector('svg')).to.not.equal(null);
    expect(handheld.value).to.equal('');
    page.unmount();
  });

  it("follows the operator's approval while under review, with no bell on the page (a new notice reads the member afresh)", async () => {
    let unread = 0;
    stub = verifyServer((call) => {
      if (call.path === '/v1/notifications/unread') return ok({ unread });
      if (call.path === '/v1/check') return ok({ ...member, realname: 'Wang Xiaoming', verification_status: 'approved' });
      return fail(500, 'unexpected');
    });
    act(() => startSession('token-7', { ...member, realname: 'Wang Xiaoming', verification_status: 'pending' }));
    const page = mountScreen(<VerifyScreen />);
    await waitFor(() => stub?.calls.some((call) => call.path === '/v1/notifications/unread') === true, 'the watch on notices');
    expect(page.host.textContent).to.contain(eng.verify_status_pending);
    unread = 1;
    await refreshUnread();
    await waitFor(() => page.host.textContent?.includes(eng.verify_status_approved) === true, 'the approval');
    page.unmount();
    await new Promise((resolve) => setTimeout(resolve, STORE_UNMOUNT_DELAY + 50));
  });

  it("sends PUT v1/user/{id} with the original app's fields and upload ids, says so and refreshes the stored user", async () => {
    stub = verifyServer((call) => {
      if (call.method === 'PUT') return ok({ ...member, verification_status: 'pending' });
      if (call.path === '/v1/check') return ok({ ...member, realname: 'Wang Xiaoming', verification_status: 'pending' });
      return fail(500, 'unexpected');
    });
    const page = mountScreen(<VerifyScreen />);
    await fillText(page.host);
    await uploadAll(page.host);
    act(() => buttonNamed(page.host, eng.verify_submit).click());
    await waitFor(() => statusText(page.host).includes(eng.verify_success), 'success');
    const put = stub.calls.find((call) => call.method === 'PUT');
    expect(put?.path).to.equal('/v1/user/7');
    expect(Object.fromEntries(put?.form ?? [])).to.deep.equal({
      name: 'member01',
      realname: 'Wang Xiaoming',
      email: 'wang@example.com',
      phone: '0912345678',
      countries_id: '2',
      certificates_id: '2',
      certificate_number: 'P1234567',
      certificate_front: '101',
      certificate_back: '102',
      certificate_handle: '103',
    });
    await waitFor(() => $user.get()?.verification_status === 'pending', 'the refreshed user');
    expect(stub.calls.some((call) => call.path === '/v1/check')).to.equal(true);
    await waitFor(() => page.host.textContent?.includes(eng.verify_status_pending) === true, 'the pending status');
    page.unmount();
  });

  it('says verify_error and words the refusal, by its code, under the fields it names', async () => {
    stub = verifyServer((call) =>
      call.method === 'PUT'
        ? refuse(422, 'validation', 'Parameter validation error.', {
            errors: { email: ['The email is already used'], certificate_back: ['Upload not found'] },
          })
        : fail(500, 'unexpected'),
    );
    const page = mountScreen(<VerifyScreen />);
    await fillText(page.host);
    await uploadAll(page.host);
    act(() => buttonNamed(page.host, eng.verify_submit).click());
    await waitFor(() => alertText(page.host).includes(eng.verify_error), 'the failure');
    expect(errorOf(inputLabelled(page.host, eng.verify_email))).to.equal(eng.refusal_validation);
    expect(errorOf(photoInput(page.host, eng.verify_photo_back))).to.equal(eng.refusal_validation);
    page.unmount();
  });

  it('says so when the country or certificate lists cannot be loaded', async () => {
    stub = stubFetch((call) => (call.path === '/v1/certificate' ? fail(503, 'Service unavailable') : ok(countries)));
    const page = mountScreen(<VerifyScreen />);
    await waitFor(() => alertText(page.host) === eng.verify_load_error, 'the load error');
    page.unmount();
  });

  it('on a site page, goes to the settings page 1 s after a successful submission, never history.back()', async () => {
    stub = verifyServer((call) =>
      call.method === 'PUT' || call.path === '/v1/check' ? ok({ ...member, verification_status: 'pending' }) : fail(500, 'x'),
    );
    const realSetTimeout = window.setTimeout;
    const delays: number[] = [];
    // Records the screen's own timer without running it: going to the settings page would leave the test page.
    // A store stops a second after its last listener too (nanostores' STORE_UNMOUNT_DELAY): those timers run.
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
      if (ms === 1_000 && String(handler).includes('location.assign')) {
        delays.push(ms);
        return 0;
      }
      return realSetTimeout(handler, ms, ...rest);
    }) as typeof window.setTimeout;
    try {
      const page = mountScreen(<VerifyScreen navigate />);
      await fillText(page.host);
      await uploadAll(page.host);
      act(() => buttonNamed(page.host, eng.verify_submit).click());
      await waitFor(() => statusText(page.host).includes(eng.verify_success), 'success');
      await waitFor(() => delays.length === 1, 'the timer');
      expect(delays).to.deep.equal([1_000]);
      page.unmount();
    } finally {
      window.setTimeout = realSetTimeout;
    }
  });
});
