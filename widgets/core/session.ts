import type { User } from '../../contract/api/users.ts';
import { storedAtom } from './stored-atom.ts';

/**
 * The member's session, shared by every island and widget on a page (one module instance)
 * and across tabs (local storage events). The token sits under the key "token", as in the original app
 * (docs/original-app.md).
 */

/**
 * The user object kept with the session: what login, register and v1/check answer (the contract's User). Only the id
 * and name are sure to be there, since a partner page's frame or an older copy in storage may hold less.
 */
export type SessionUser = Pick<User, 'id' | 'username'> & Partial<User>;

export const $token = storedAtom<string>('token', '');

export const $user = storedAtom<SessionUser | null>('user', null, {
  encode: JSON.stringify,
  decode: (raw) => {
    try {
      const value: unknown = JSON.parse(raw);
      return typeof value === 'object' && value !== null && 'id' in value ? (value as SessionUser) : null;
    } catch {
      return null;
    }
  },
});

export function startSession(token: string, user: SessionUser): void {
  $token.set(token);
  $user.set(user);
}

export function endSession(): void {
  $token.set('');
  $user.set(null);
}

/** The saved account name that prefills the login form (the original app keeps it in local storage). */
export const savedUsernameKey = 'username';

/** Where a member lands after logging in or registering on the site (as in the original app). */
export const afterLoginRoute = '/home/shopping';

export function readSavedUsername(): string {
  try {
    return localStorage.getItem(savedUsernameKey) ?? '';
  } catch {
    return '';
  }
}

export function saveUsername(username: string): void {
  try {
    localStorage.setItem(savedUsernameKey, username);
  } catch {
    // Storage refused (private mode, quota): the name is simply not remembered.
  }
}
