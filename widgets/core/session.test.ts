import { computed } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { $user, endSession, startSession } from './session.ts';

describe('the shared session', () => {
  it("is nanostores' own store: a value derived with computed follows login and logout", () => {
    const $greeting = computed($user, (user) => (user === null ? 'guest' : user.username));
    const shown: string[] = [];
    const stop = $greeting.subscribe((value) => shown.push(value));
    startSession('token-1', { id: 7, username: 'ana' });
    endSession();
    stop();
    expect(shown).toEqual(['guest', 'ana', 'guest']);
    startSession('token-2', { id: 8, username: 'bo' });
    expect($greeting.get()).toBe('bo');
    endSession();
  });
});
