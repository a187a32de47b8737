import { describe, expect, it } from 'vitest';
import { displayedFields, pageView } from './page-view.ts';

const member = {
  id: 7,
  username: 'wang',
  realname: 'Wang Xiaoming',
  phone: '13800000000',
  email: 'wang@example.com',
  countries_id: 1,
  certificates_id: 1,
  certificate_number: '110101199001011234',
  certificate_front: { id: 3, image_path: '/v1/uploads/3' },
  certificate_back: { id: 4, image_path: '/v1/uploads/4' },
  certificate_handle: { id: 5, image_path: '/v1/uploads/5' },
  verification_status: 'pending',
  user_wallets: { main_wallet: 12.5 },
};

const personal = [
  'realname',
  'phone',
  'email',
  'certificates_id',
  'certificate_number',
  'certificate_front',
  'certificate_back',
  'certificate_handle',
];

describe('what of the member reaches the partner page', () => {
  it('carries no name, phone, e-mail or certificate data when no widget of the page displays them', () => {
    const seen = pageView(member, displayedFields(['gs-session-badge', 'gs-wallet', 'gs-withdraw', 'gs-bank-add']));
    for (const field of personal) expect(seen).not.toHaveProperty(field);
    expect(seen).toMatchObject({
      id: 7,
      username: 'wang',
      countries_id: 1,
      verification_status: 'pending',
      user_wallets: { main_wallet: 12.5 },
    });
  });

  it('carries the fields the verification screen displays when it is on the page, never the identity photos', () => {
    const seen = pageView(member, displayedFields(['gs-session-badge', 'gs-verify']));
    expect(seen).toMatchObject({
      realname: 'Wang Xiaoming',
      phone: '13800000000',
      email: 'wang@example.com',
      certificate_number: '110101199001011234',
    });
    for (const field of ['certificate_front', 'certificate_back', 'certificate_handle']) expect(seen).not.toHaveProperty(field);
  });

  it('strips a member object one level down and leaves other values alone', () => {
    const shown = displayedFields([]);
    expect(pageView({ user: member, total: 3 }, shown)).toEqual({ user: pageView(member, shown), total: 3 });
    expect(pageView([member], shown)).toEqual([member]);
    expect(pageView(null, shown)).toBeNull();
    expect(pageView({ card_number: '6222 **** 1234', bank: 'ICBC' }, shown)).toEqual({ card_number: '6222 **** 1234', bank: 'ICBC' });
  });

  it('does not take a made-up tag or an inherited name for a widget', () => {
    expect([...displayedFields(['gs-anything', 'constructor', '__proto__'])]).toEqual([]);
  });
});
