import { describe, expect, it } from 'vitest';
import { loginReturningTo, returnPath } from './return-to.ts';

describe('back to the page after logging in again', () => {
  it('sends the login page the page the member was on', () => {
    expect(loginReturningTo('eng', { pathname: '/eng/wallet/transactions', search: '?type=2' })).toBe(
      '/eng/login?next=%2Feng%2Fwallet%2Ftransactions%3Ftype%3D2',
    );
    expect(returnPath('?next=%2Feng%2Fwallet%2Ftransactions%3Ftype%3D2')).toBe('/eng/wallet/transactions?type=2');
    expect(returnPath('?next=/dig')).toBe('/dig');
  });

  it('never sends a member to another site, nor back to the login page', () => {
    for (const next of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/\t//evil.example',
      '/eng/login',
      'dig',
      '',
    ])
      expect(returnPath(`?next=${encodeURIComponent(next)}`), next).toBeNull();
    expect(returnPath('')).toBeNull();
  });
});
