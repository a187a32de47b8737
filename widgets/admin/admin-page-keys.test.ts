import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keysAskedFor } from '../../tests/helpers/asked-keys.ts';
import { adminPageMessageKeys } from './admin-page-keys.ts';

describe('the back office page', () => {
  it('hands its island every word the island asks for by name (a missing one shows as its key)', () => {
    const handed = new Set<string>(adminPageMessageKeys);
    const asked = keysAskedFor(path.join(import.meta.dirname, 'AdminApp.island.tsx'));
    expect(asked.length).toBeGreaterThan(100);
    expect(asked.filter((key) => !handed.has(key))).toEqual([]);
  });
});
