/**
 * The theme a partner page hands to our login, register and profile frames (custom properties
 * on the widget's element, passed on in a window message): only these, and only plain values.
 * Apart from frame-protocol.ts so that the widgets without a frame do not carry it.
 */
/** Theme values a page may pass into a frame: colours, lengths and font names, never a url() or an expression. */
export const safeThemeValue = /^[\w\s#%.,'"()+-]{1,120}$/;
export const themeProperties = [
  '--gs-color-ink',
  '--gs-color-muted',
  '--gs-color-brand',
  '--gs-color-accent',
  '--gs-color-surface',
  '--gs-color-page',
  '--gs-color-line',
  '--gs-color-error',
  '--gs-color-on-accent',
  '--gs-color-on-brand',
  '--gs-font',
  '--gs-font-size',
  '--gs-radius',
  '--gs-space',
] as const;

export function safeTheme(properties: Record<string, string>): Record<string, string> {
  const safe: Record<string, string> = {};
  for (const name of themeProperties) {
    const value = properties[name]?.trim() ?? '';
    if (value !== '' && safeThemeValue.test(value) && !/url|expression|image/i.test(value)) safe[name] = value;
  }
  return safe;
}
