// @ts-check
import fs from 'node:fs';
import { transform } from 'esbuild';

/**
 * A style sheet's minified text for a widget's shadow root, or a frame of ours. `rem` is relative to the partner
 * page's root font size, which a partner may have set to anything (62.5 % is common): inside a widget it becomes our
 * own `--gs-rem` (16 px unless the partner themes --gs-font-size), so every widget measures the same on every page.
 */
export async function shadowCss(/** @type {string} */ file) {
  const { code } = await transform(fs.readFileSync(file, 'utf8'), { loader: 'css', minify: true });
  return code.replace(/(\d*\.?\d+)rem\b/g, (_whole, amount) => (amount === '1' ? 'var(--gs-rem)' : `calc(${amount}*var(--gs-rem))`)).trim();
}
