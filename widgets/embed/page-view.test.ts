import { describe, expect, it } from 'vitest';
import { pageView } from './page-view.ts';

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
  it('carries no name, phone, e-mail or certificate data, and keeps what the page widgets show', () => {
    const seen = pageView(member);
    for (const field of personal) expect(seen).not.toHaveProperty(field);
    expect(seen).toMatchObject({
      id: 7,
      username: 'wang',
      countries_id: 1,
      verification_status: 'pending',
      user_wallets: { main_wallet: 12.5 },
    });
  });

  it('strips a member object one level down and in a list, and leaves other values alone', () => {
    const stripped = pageView(member);
    expect(pageView({ user: member, total: 3 })).toEqual({ user: stripped, total: 3 });
    expect(pageView([member, member])).toEqual([stripped, stripped]);
    expect(pageView({ list: [member] })).toEqual({ list: [stripped] });
    expect(pageView(null)).toBeNull();
    expect(pageView({ card_number: '6222 **** 1234', bank: 'ICBC' })).toEqual({ card_number: '6222 **** 1234', bank: 'ICBC' });
  });
});
