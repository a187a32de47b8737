import { describe, expect, it } from 'vitest';
import { frameUrl } from './frame-protocol.ts';
import { safeTheme } from './frame-theme.ts';

describe('what a partner page may pass into our frames', () => {
  it('passes the documented theme properties with plain values', () => {
    expect(
      safeTheme({
        '--gs-color-accent': ' #0057b8 ',
        '--gs-font': "'Noto Serif', Georgia, serif",
        '--gs-radius': '4px',
        '--gs-font-size': 'calc(1em + 2px)',
      }),
    ).toEqual({
      '--gs-color-accent': '#0057b8',
      '--gs-font': "'Noto Serif', Georgia, serif",
      '--gs-radius': '4px',
      '--gs-font-size': 'calc(1em + 2px)',
    });
  });

  it('drops anything else: other properties, urls, images, expressions, markup, empty values', () => {
    expect(
      safeTheme({
        '--gs-color-ink': 'url(https://evil.example/x.png)',
        '--gs-color-page': 'image-set("x.png" 1x)',
        '--gs-color-line': 'expression(alert(1))',
        '--gs-color-muted': 'red; background: blue',
        '--gs-color-brand': '</style><script>',
        '--gs-color-surface': '',
        color: 'red',
        '--other': 'blue',
      }),
    ).toEqual({});
  });

  it('addresses the frame on our origin with the partner page, the screen and the language', () => {
    const url = new URL(frameUrl('https://shop.example', 'https://partner.example', 'login', 'zht'));
    expect(url.origin).toBe('https://shop.example');
    expect(url.pathname).toBe('/widgets/v1/frame');
    expect(Object.fromEntries(url.searchParams)).toEqual({ origin: 'https://partner.example', screen: 'login', lang: 'zht' });
  });
});
