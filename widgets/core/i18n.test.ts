import { describe, expect, it } from 'vitest';
import { createI18n, pickMessages } from './i18n.ts';

describe('createI18n', () => {
  const { t } = createI18n('eng', { page: 'Page {{page}} of {{ pages }}', empty: '', only: '{{missing}}', 'a.b': 'dotted' });

  it('fills placeholders, and leaves a missing parameter empty', () => {
    expect(t('page', { page: 2, pages: 5 })).toBe('Page 2 of 5');
    expect(t('page', { page: 0 })).toBe('Page 0 of ');
  });

  it('shows the key when the message is missing or comes out empty', () => {
    expect(t('absent')).toBe('absent');
    expect(t('empty')).toBe('empty');
    expect(t('only')).toBe('only');
    expect(t('toString')).toBe('toString');
    expect(t('constructor')).toBe('constructor');
  });

  it('reads a key with a dot as one name, not as a path', () => {
    expect(t('a.b')).toBe('dotted');
    expect(t('a')).toBe('a');
  });
});

describe('pickMessages', () => {
  it('gives an island only the keys it uses, a missing one as the key itself', () => {
    expect(pickMessages({ used: 'Used', other: 'Other' }, ['used', 'gone'])).toEqual({ used: 'Used', gone: 'gone' });
  });
});
