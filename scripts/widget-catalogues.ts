import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Plugin } from 'rollup';
import { catalogueKeys } from '../widgets/embed/widget-messages.ts';

type Locale = 'zhs' | 'zht' | 'eng';
const locales: Locale[] = ['zhs', 'zht', 'eng'];

/**
 * Writes one small catalogue per widget, or framed screen, and language (m/<version>/<name>.<locale>.js)
 * and tells the loader and the frame script their folder, named by their content so they can be cached
 * for good. A widget, and a frame, then fetches only the words it shows. Both builds run it; they
 * write the same files.
 */
export function widgetCatalogues(): Plugin {
  let files: { fileName: string; source: string }[] = [];
  let folder = '';
  return {
    name: 'widget-catalogues',
    buildStart() {
      // Worked out from each screen's code (decision 067); a word asked for but missing in a locale stops the build here.
      const keys = catalogueKeys();
      const catalogues = Object.fromEntries(
        locales.map((locale) => [locale, JSON.parse(fs.readFileSync(`locales/${locale}.json`, 'utf8')) as Record<string, string>]),
      );
      const pieces = Object.entries(keys).flatMap(([tag, list]) =>
        locales.map((locale) => {
          const picked = Object.fromEntries(list.map((key) => [key, catalogues[locale]?.[key] ?? key]));
          return { tag, locale, source: `export default ${JSON.stringify(picked)};` };
        }),
      );
      folder = createHash('sha256')
        .update(pieces.map((piece) => piece.source).join('\n'))
        .digest('base64url')
        .slice(0, 10);
      files = pieces.map(({ tag, locale, source }) => ({ fileName: `m/${folder}/${tag}.${locale}.js`, source }));
    },
    renderChunk(code) {
      return code.includes('__WIDGET_MESSAGES__') ? code.replaceAll('__WIDGET_MESSAGES__', folder) : null;
    },
    generateBundle() {
      for (const file of files) this.emitFile({ type: 'asset', ...file });
    },
  };
}
