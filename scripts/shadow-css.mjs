// @ts-check
import fs from 'node:fs';
import { transform } from 'esbuild';

/** Imports of a style sheet as text: `import css from './file.css?inline'`. */
export const inlineCssQuery = '?inline';

/**
 * A style sheet as a JavaScript module exporting its minified text, for a widget's shadow root.
 * `rem` is relative to the partner page's root font size, which a partner may have set to
 * anything (62.5 % is common): inside a widget it becomes our own `--gs-rem` (16 px unless the
 * partner themes --gs-font-size), so every widget measures the same on every page.
 */
export async function cssTextModule(/** @type {string} */ file) {
  return `export default ${JSON.stringify(await shadowCss(file))};`;
}

/** A style sheet's minified text for a shadow root (as cssTextModule says). */
export async function shadowCss(/** @type {string} */ file) {
  const { code } = await transform(fs.readFileSync(file, 'utf8'), { loader: 'css', minify: true });
  return code.replace(/(\d*\.?\d+)rem\b/g, 'calc($1*var(--gs-rem))').trim();
}
