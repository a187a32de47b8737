/// <reference types="mocha" />
import { expect } from 'chai';
import { act } from 'preact/test-utils';
import eng from '../../../../locales/eng.json';
import zht from '../../../../locales/zht.json';
import { axeViolations } from '../../../../tests/helpers/axe.ts';
import { fail, ok, refuse, stubFetch, typeInto, waitFor, type RecordedCall, type Reply } from '../../../../tests/helpers/fetch-stub.ts';
import { buttonNamed, errorOf, inputLabelled, mountScreen, statusText } from '../../../../tests/helpers/mount.tsx';
import { AdminApp } from '../../AdminApp.tsx';
import { Catalogue } from './Catalogue.tsx';
import { $operatorToken } from '../../shared/operator-session.ts';
import type { CatalogueProduct, CatalogueRoom } from '../../../../contract/api/catalogue.ts';

const operatorToken = `op.${'c'.repeat(43)}`;
const paged = (data: unknown[]) => ok({ current_page: 1, last_page: 1, per_page: 15, total: data.length, data });
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

const solar: CatalogueProduct = {
  id: 1,
  names: { zhs: '石墨烯太阳能发电', zht: '石墨烯太陽能發電', eng: 'Graphene solar power' },
  descriptions: { zhs: '', zht: '', eng: '' },
  specifications: { zhs: '', zht: '', eng: '' },
  units: { zhs: '份', zht: '份', eng: 'share' },
  price: '15000000.0000',
  quantity: 23,
  rated_capacity_watts: 1000,
  pictures: [],
  certificates: [],
  on_sale: true,
  sold: 4,
  updated_at: '2026-11-01T10:00:00.000Z',
};
const hidden: CatalogueProduct = { ...solar, id: 2, names: { zhs: '旧款', zht: '舊款', eng: 'Old panel' }, on_sale: false, sold: 0 };
const tainan: CatalogueRoom = {
  id: 1,
  names: { zhs: '台南太阳能园区 A', zht: '臺南太陽能園區 A', eng: 'Tainan Solar Park A' },
  locations: { zhs: '台湾台南', zht: '臺灣臺南', eng: 'Tainan, Taiwan' },
  types: { zhs: '石墨烯阵列', zht: '石墨烯陣列', eng: 'Graphene array' },
  type: 'Graphene array',
  capacity_units: 23,
  state: 'offered',
  units_held: '4.00000000',
  capacity_confirmed: true,
};
/** A seeded room nobody has checked yet: its capacity is a sample. */
const kaohsiung: CatalogueRoom = {
  ...tainan,
  id: 2,
  names: { zhs: '高雄屋顶 B', zht: '高雄屋頂 B', eng: 'Kaohsiung Rooftop B' },
  state: 'sample',
  units_held: '0.00000000',
  capacity_confirmed: false,
};

function catalogueApi(extra: (call: RecordedCall) => Reply | undefined = () => undefined) {
  return stubFetch((call) => {
    const answer = extra(call);
    if (answer !== undefined) return answer;
    if (call.path === '/admin/v1/catalogue/products' && call.method === 'GET') return paged([solar, hidden]);
    if (call.path === '/admin/v1/catalogue/engine-rooms' && call.method === 'GET') return paged([tainan, kaohsiung]);
    return fail(404, 'Not found');
  });
}

const labelOf = (key: keyof typeof eng, locale: 'zhs' | 'zht' | 'eng') => `${eng[key]} (${eng[`language_${locale}`]})`;

describe('Catalogue (the back office)', () => {
  let stub: ReturnType<typeof stubFetch> | undefined;
  afterEach(() => {
    stub?.restore();
    stub = undefined;
    $operatorToken.set('');
    localStorage.clear();
  });

  it('opens as its own tab with products (sold and hidden shown) and engine rooms, axe-clean', async () => {
    $operatorToken.set(operatorToken);
    stub = catalogueApi();
    const page = mountScreen(<AdminApp />);
    await waitFor(() => page.host.querySelector('button[aria-pressed]') !== null, 'the sections');
    act(() => buttonNamed(page.host, eng.admin_catalogue).click());
    await waitFor(() => page.host.textContent?.includes('Graphene solar power') === true, 'the products');
    await waitFor(() => page.host.textContent?.includes('Tainan Solar Park A') === true, 'the rooms');
    const rows = [...page.host.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent?.trim()));
    expect(rows[0]?.slice(1, 4)).to.deep.equal(['15000000.0000', `23 (${fill(eng.admin_cat_sold, { sold: 4 })})`, eng.admin_cat_on_sale]);
    expect(rows[1]?.[3]).to.equal(eng.admin_cat_hidden);
    // Names and places in the operator's language (English here).
    expect(rows[2]?.slice(1, 3)).to.deep.equal(['Tainan, Taiwan', '23']);
    expect(rows[3]?.[2], 'a seeded room is marked as a sample until an operator saves it').to.equal(`23 ${eng.admin_cat_room_sample}`);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });

  it('adds a product: each field is checked and named, nothing is sent until all are right, then the languages go side by side', async () => {
    $operatorToken.set(operatorToken);
    stub = catalogueApi((call) =>
      call.path === '/admin/v1/catalogue/products' && call.method === 'POST'
        ? { status: 201, body: { status: 1, code: 1, message: 'Product added', detail: solar } }
        : undefined,
    );
    const page = mountScreen(<Catalogue />);
    await waitFor(() => page.host.textContent?.includes('Graphene solar power') === true, 'the products');
    const save = () => [...page.host.querySelectorAll<HTMLButtonElement>('button[type="submit"]')][0];
    act(() => save()?.click());
    const zhsName = inputLabelled(page.host, labelOf('admin_cat_name', 'zhs'));
    const price = inputLabelled(page.host, eng.admin_cat_price);
    await waitFor(() => errorOf(zhsName) === eng.admin_cat_needed, 'the blank name');
    expect(errorOf(price)).to.equal(eng.admin_cat_price_invalid);
    expect(errorOf(inputLabelled(page.host, eng.admin_cat_capacity))).to.equal(eng.admin_cat_number_invalid);
    expect(stub.calls.some((call) => call.method === 'POST')).to.equal(false);

    for (const locale of ['zhs', 'zht', 'eng'] as const) {
      typeInto(inputLabelled(page.host, labelOf('admin_cat_name', locale)), `Panel ${locale}`);
      typeInto(inputLabelled(page.host, labelOf('admin_cat_unit', locale)), '份');
    }
    typeInto(price, '0');
    typeInto(inputLabelled(page.host, eng.admin_cat_capacity), '10');
    typeInto(inputLabelled(page.host, eng.admin_cat_watts), '450');
    act(() => save()?.click());
    await waitFor(() => errorOf(price) === eng.admin_cat_price_invalid, 'the zero price');
    expect(errorOf(zhsName)).to.equal('');
    expect(stub.calls.some((call) => call.method === 'POST')).to.equal(false);

    typeInto(price, '120.5');
    act(() => save()?.click());
    await waitFor(() => statusText(page.host).includes(fill(eng.admin_cat_saved, { name: 'Panel zhs' })), 'the added product');
    const post = stub.calls.find((call) => call.method === 'POST');
    expect(post?.form.get('names[zht]')).to.equal('Panel zht');
    expect(post?.form.get('price')).to.equal('120.5');
    expect(post?.form.get('on_sale')).to.equal('true');
    page.unmount();
  });

  it('edits a product: capacity below sold is refused before sending, a price change asks why, and the server’s refusal shows under its field', async () => {
    $operatorToken.set(operatorToken);
    stub = catalogueApi((call) =>
      call.path === '/admin/v1/catalogue/products/1' && call.method === 'PUT'
        ? refuse(422, 'product_capacity_below_sold', 'below', { errors: { quantity: ['below'] } })
        : undefined,
    );
    const page = mountScreen(<Catalogue />);
    await waitFor(() => page.host.textContent?.includes('Graphene solar power') === true, 'the products');
    act(() => page.host.querySelector<HTMLButtonElement>('tbody button')?.click());
    const quantity = () => inputLabelled(page.host, eng.admin_cat_capacity);
    await waitFor(() => quantity().value === '23', 'the edit form');
    typeInto(quantity(), '3');
    typeInto(inputLabelled(page.host, eng.admin_cat_price), '16000000');
    act(() => [...page.host.querySelectorAll<HTMLButtonElement>('button[type="submit"]')][0]?.click());
    await waitFor(() => errorOf(quantity()) === fill(eng.admin_cat_below_sold, { sold: 4 }), 'the capacity below sold');
    expect(errorOf(inputLabelled(page.host, eng.admin_cat_reason))).to.equal(eng.admin_cat_reason_needed);
    expect(stub.calls.some((call) => call.method === 'PUT')).to.equal(false);

    typeInto(quantity(), '5');
    typeInto(inputLabelled(page.host, eng.admin_cat_reason), 'New tariff');
    act(() => [...page.host.querySelectorAll<HTMLButtonElement>('button[type="submit"]')][0]?.click());
    await waitFor(() => errorOf(quantity()) === eng.refusal_product_capacity_below_sold, 'the server refusal');
    expect(stub.calls.find((call) => call.method === 'PUT')?.form.get('reason')).to.equal('New tariff');
    page.unmount();
  });

  it('uploads a picture and shows it at once', async () => {
    $operatorToken.set(operatorToken);
    stub = catalogueApi((call) =>
      call.path === '/admin/v1/catalogue/pictures'
        ? {
            status: 201,
            body: {
              status: 1,
              code: 1,
              message: 'Uploaded',
              detail: { src: '../../../images/0123456789abcdef0123456789abcdef.png', width: 2, height: 2 },
            },
          }
        : undefined,
    );
    const page = mountScreen(<Catalogue />);
    await waitFor(() => page.host.textContent?.includes('Graphene solar power') === true, 'the products');
    const input = inputLabelled(page.host, eng.admin_cat_picture_add);
    const files = new DataTransfer();
    files.items.add(new File([new Uint8Array([137, 80, 78, 71])], 'panel.png', { type: 'image/png' }));
    input.files = files.files;
    act(() => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => page.host.textContent?.includes('0123456789abcdef0123456789abcdef.png') === true, 'the uploaded picture');
    expect(page.host.querySelector(`img[alt="${eng.admin_cat_picture_alt}"]`)).to.not.equal(null);
    expect(stub.calls.find((call) => call.path === '/admin/v1/catalogue/pictures')?.formData?.get('image')).to.be.instanceOf(File);
    page.unmount();
  });
  it('edits an engine room: a capacity of 0 is named before sending, then names and capacity go in one save', async () => {
    $operatorToken.set(operatorToken);
    stub = catalogueApi((call) => (call.path === '/admin/v1/catalogue/engine-rooms/1' && call.method === 'PUT' ? ok(tainan) : undefined));
    const page = mountScreen(<Catalogue />);
    await waitFor(() => page.host.textContent?.includes('Tainan Solar Park A') === true, 'the rooms');
    const edit = [...page.host.querySelectorAll<HTMLButtonElement>('tbody button')].find(
      (button) => button.getAttribute('aria-describedby') === 'gs-room-1',
    );
    act(() => edit?.click());
    const capacity = () => inputLabelled(page.host, eng.admin_cat_room_capacity);
    await waitFor(() => capacity().value === '23', 'the room form');
    typeInto(capacity(), '0');
    const submit = () =>
      page.host
        .querySelector<HTMLButtonElement>('#gs-room-edit-1-capacity')
        ?.form?.querySelector<HTMLButtonElement>('button[type="submit"]');
    act(() => submit()?.click());
    await waitFor(() => errorOf(capacity()) === eng.admin_cat_number_invalid, 'the capacity error');
    expect(stub.calls.some((call) => call.method === 'PUT')).to.equal(false);
    typeInto(capacity(), '40');
    typeInto(page.host.querySelector<HTMLInputElement>('#gs-room-edit-1-names-zht') as HTMLInputElement, '臺南機房');
    typeInto(inputLabelled(page.host, labelOf('admin_cat_type', 'zht')), '');
    // A capacity already set that changes asks why (every order's share changes with it), before anything is sent.
    act(() => submit()?.click());
    const reason = () => inputLabelled(page.host, eng.admin_cat_room_reason);
    await waitFor(() => errorOf(reason()) === eng.admin_cat_needed, 'the reason asked');
    // The type is written in each language, each needed.
    expect(errorOf(inputLabelled(page.host, labelOf('admin_cat_type', 'zht')))).to.equal(eng.admin_cat_needed);
    expect(stub.calls.some((call) => call.method === 'PUT')).to.equal(false);
    typeInto(inputLabelled(page.host, labelOf('admin_cat_type', 'zht')), '石墨烯陣列 二期');
    typeInto(reason(), 'Second array installed');
    act(() => submit()?.click());
    await waitFor(() => stub?.calls.some((call) => call.method === 'PUT') === true, 'the save');
    const put = stub.calls.find((call) => call.method === 'PUT');
    expect(put?.form.get('capacity_units')).to.equal('40');
    expect(put?.form.get('reason')).to.equal('Second array installed');
    expect(put?.form.get('names[zht]')).to.equal('臺南機房');
    expect(put?.form.get('locations[eng]')).to.equal('Tainan, Taiwan');
    expect(put?.form.get('types[zht]')).to.equal('石墨烯陣列 二期');
    expect(put?.form.get('types[eng]')).to.equal('Graphene array');
    expect(put?.form.has('type')).to.equal(false);
    page.unmount();
  });
  it('reads in traditional Chinese, the three languages side by side, axe-clean', async () => {
    $operatorToken.set(operatorToken);
    stub = catalogueApi();
    const page = mountScreen(<Catalogue />, 'zht', zht);
    await waitFor(() => page.host.textContent?.includes('Graphene solar power') === true, 'the products');
    expect(page.host.querySelector('h2')?.textContent).to.equal(zht.admin_catalogue);
    const legends = [...page.host.querySelectorAll('form')][0]?.querySelectorAll('fieldset fieldset legend');
    expect([...(legends ?? [])].slice(0, 3).map((legend) => legend.textContent)).to.deep.equal([
      zht.language_zhs,
      zht.language_zht,
      zht.language_eng,
    ]);
    expect(await axeViolations(page.host)).to.deep.equal([]);
    page.unmount();
  });

  it('retires a room with a reason, and moves a retired room’s orders to another room with a reason', async () => {
    $operatorToken.set(operatorToken);
    const retired = { ...kaohsiung, capacity_confirmed: true, state: 'retired' };
    stub = catalogueApi((call) => {
      if (call.path === '/admin/v1/catalogue/engine-rooms' && call.method === 'GET')
        return paged([{ ...tainan, state: 'offered' }, retired]);
      if (call.method === 'PUT' || call.method === 'POST') return ok({});
      return undefined;
    });
    const page = mountScreen(<Catalogue />);
    await waitFor(() => page.host.textContent?.includes(eng.admin_cat_room_state_retired) === true, 'the rooms with their states');
    const rowButton = (roomId: number, label: string) =>
      [...page.host.querySelectorAll<HTMLButtonElement>('tbody button')].find(
        (button) => button.getAttribute('aria-describedby') === `gs-room-${roomId}` && button.textContent === label,
      );
    act(() => rowButton(1, eng.admin_cat_room_change_state)?.click());
    const state = page.host.querySelector<HTMLSelectElement>('#gs-room-state-1-state') as HTMLSelectElement;
    act(() => {
      state.value = 'retired';
      state.dispatchEvent(new Event('change', { bubbles: true }));
    });
    act(() => buttonNamed(page.host, eng.admin_cat_room_state_save).click());
    await waitFor(() => errorOf(inputLabelled(page.host, eng.admin_cat_room_reason)) === eng.admin_cat_needed, 'the reason asked');
    expect(stub.calls.some((call) => call.method === 'PUT')).to.equal(false);
    typeInto(inputLabelled(page.host, eng.admin_cat_room_reason), 'Lease ends');
    act(() => buttonNamed(page.host, eng.admin_cat_room_state_save).click());
    await waitFor(() => stub?.calls.some((call) => call.path === '/admin/v1/engine-rooms/1/state') === true, 'the state saved');
    const put = stub.calls.find((call) => call.path === '/admin/v1/engine-rooms/1/state');
    expect([put?.form.get('state'), put?.form.get('reason')]).to.deep.equal(['retired', 'Lease ends']);

    await waitFor(() => rowButton(2, eng.admin_cat_room_move) !== undefined, 'the rooms again');
    act(() => rowButton(2, eng.admin_cat_room_move)?.click());
    typeInto(inputLabelled(page.host, eng.admin_cat_room_move_to), '1');
    typeInto(inputLabelled(page.host, eng.admin_cat_room_reason), 'Roof closed');
    act(() =>
      page.host
        .querySelector<HTMLInputElement>('#gs-room-state-2-target')
        ?.form?.querySelector<HTMLButtonElement>('button[type="submit"]')
        ?.click(),
    );
    await waitFor(() => stub?.calls.some((call) => call.path === '/admin/v1/engine-rooms/2/move-orders') === true, 'the move');
    const move = stub.calls.find((call) => call.path === '/admin/v1/engine-rooms/2/move-orders');
    expect([move?.form.get('to_engine_room_id'), move?.form.get('reason')]).to.deep.equal(['1', 'Roof closed']);
    page.unmount();
  });
});
