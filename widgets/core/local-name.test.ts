import { describe, expect, it } from 'vitest';
import { localLocation, localName } from './local-name.ts';

describe('catalogue names in the member’s language', () => {
  const room = {
    name: 'Tainan Solar Park A',
    names: { zhs: '台南太阳能园区 A', zht: '臺南太陽能園區 A' },
    location: 'Tainan, Taiwan',
    locations: { zht: '臺灣臺南' },
  };

  it('shows the name in the language asked for', () => {
    expect(localName(room, 'zhs')).toBe('台南太阳能园区 A');
    expect(localName(room, 'zht')).toBe('臺南太陽能園區 A');
    expect(localLocation(room, 'zht')).toBe('臺灣臺南');
  });

  it('falls back to the API’s own name where a language is missing or empty', () => {
    expect(localName(room, 'eng')).toBe('Tainan Solar Park A');
    expect(localLocation(room, 'zhs')).toBe('Tainan, Taiwan');
    expect(localName({ name: 'Plain', names: { zhs: '' } }, 'zhs')).toBe('Plain');
    expect(localName({ name: 'Plain' }, 'zht')).toBe('Plain');
  });
});
