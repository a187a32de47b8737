import { describe, expect, it } from 'vitest';
import { photoBytesMax, photoProblem } from './photo-rules.ts';

describe('photo rules (as in the original app)', () => {
  it('accepts png and jpeg up to 2048 KB, and nothing else', () => {
    expect(photoBytesMax).toBe(2_097_152);
    expect(photoProblem({ type: 'image/png', size: 1 })).toBeNull();
    expect(photoProblem({ type: 'image/jpeg', size: photoBytesMax })).toBeNull();
    expect(photoProblem({ type: 'image/jpeg', size: photoBytesMax + 1 })).toBe('verify_check_size');
    expect(photoProblem({ type: 'image/gif', size: 10 })).toBe('verify_check_size');
    expect(photoProblem({ type: 'image/webp', size: 10 })).toBe('verify_check_size');
    expect(photoProblem({ type: '', size: 10 })).toBe('verify_check_size');
  });
});
