import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from './date-time.ts';

describe('dates and times in the member language', () => {
  const morning = new Date('2026-11-27T22:17:00Z');
  const options = { dateStyle: 'short', timeStyle: 'short', timeZone: 'Asia/Taipei' } as const;

  it('reads the 24-hour clock on Chinese screens, with no part of the day named', () => {
    // zh-Hant-TW alone said "2026/11/28 清晨6:17".
    expect(dateTimeFormat('zht', options).format(morning)).toMatch(/^2026\/11\/28\s06:17$/);
    expect(dateTimeFormat('zhs', options).format(morning)).toMatch(/^2026\/11\/28\s06:17$/);
  });

  it('keeps English as English readers expect it', () => {
    expect(dateTimeFormat('eng', options).format(morning)).toMatch(/^11\/28\/26,\s6:17\sAM$/);
  });
});
