import { describe, expect, it } from 'vitest';
import { buildConstants, newerVersion } from '../../scripts/build-info.mjs';

describe('the version members see in settings', () => {
  it('is the original app’s 1.1.230105 until the package’s own version is newer, compared number by number', () => {
    expect(newerVersion('0.1.0', '1.1.230105')).toBe('1.1.230105');
    expect(newerVersion('1.2.0', '1.1.230105')).toBe('1.2.0');
    expect(newerVersion('1.10.0', '1.9.0')).toBe('1.10.0');
    expect(JSON.parse(buildConstants().__APP_VERSION__)).toBe('1.1.230105');
    expect(JSON.parse(buildConstants().__BUILD_DATE__)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
