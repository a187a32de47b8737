import { describe, expect, it } from 'vitest';
import { emptyVerifyValues, isEmail, verificationStatusOf, verifyBody, verifyProblem, verifyValuesOf } from './verify-rules.ts';

const filled = {
  realname: 'Wang Xiaoming',
  email: 'wang@example.com',
  phone: '0912345678',
  countries_id: '1',
  certificates_id: '2',
  certificate_number: 'A123456789',
};
const photos = { front: 11, back: 12, handheld: 13 };

describe('identity verification rules (as in the original app)', () => {
  it('checks every field first, then the email, then the three photos', () => {
    expect(verifyProblem(emptyVerifyValues, {})).toEqual({ key: 'verify_check_info', field: 'realname' });
    expect(verifyProblem({ ...filled, phone: '  ' }, photos)).toEqual({ key: 'verify_check_info', field: 'phone' });
    expect(verifyProblem({ ...filled, countries_id: '' }, photos)).toEqual({ key: 'verify_check_info', field: 'countries_id' });
    expect(verifyProblem({ ...filled, email: 'wang@' }, {})).toEqual({ key: 'register_email_invalid', field: 'email' });
    expect(verifyProblem(filled, {})).toEqual({ key: 'verify_check_photo', field: 'front' });
    expect(verifyProblem(filled, { front: 1, back: 2 })).toEqual({ key: 'verify_check_photo', field: 'handheld' });
    expect(verifyProblem(filled, { ...photos, back: undefined })).toEqual({ key: 'verify_check_photo', field: 'back' });
    expect(verifyProblem(filled, photos)).toBeNull();
  });

  it('checks the shape of an email address', () => {
    expect(isEmail('a@b.co')).toBe(true);
    expect(isEmail(' a@b.co ')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isEmail('a b@c.d')).toBe(false);
    expect(isEmail('@b.co')).toBe(false);
  });

  it("sends the original app's fields with the photos as upload ids", () => {
    expect(verifyBody('member01', { ...filled, realname: ' Wang Xiaoming ' }, photos)).toEqual({
      name: 'member01',
      ...filled,
      certificate_front: '11',
      certificate_back: '12',
      certificate_handle: '13',
    });
  });

  it('reads the status and first values from the user', () => {
    expect(verificationStatusOf(null)).toBe('none');
    expect(verificationStatusOf({ verification_status: 'approved' })).toBe('approved');
    expect(verificationStatusOf({ verification_status: 'weird' })).toBe('none');
    expect(verifyValuesOf({ realname: null, email: 'a@b.co', countries_id: 1 })).toEqual({
      ...emptyVerifyValues,
      email: 'a@b.co',
      countries_id: '1',
    });
  });
});
