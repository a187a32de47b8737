import { describe, expect, it } from 'vitest';
import { loginReturningTo } from '../core/return-to.ts';
import { endedBy } from './session-ended.ts';

describe('why the login page was sent a member', () => {
  it('tells the login page why the server ended the session, and nothing else', () => {
    const address = loginReturningTo('zhs', { pathname: '/setting', search: '' }, 'other_device');
    expect(address).toBe('/login?next=%2Fsetting&ended=other_device');
    expect(endedBy(address.slice(address.indexOf('?')))).toBe('other_device');
    expect(endedBy('?ended=expired')).toBe('expired');
    expect(endedBy('?ended=<b>hi</b>')).toBeNull();
    expect(endedBy('')).toBeNull();
  });
});
