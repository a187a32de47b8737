import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { build } from 'esbuild';
import type { Plugin } from 'rollup';

type Locale = 'zhs' | 'zht' | 'eng';
const locales: Locale[] = ['zhs', 'zht', 'eng'];

/** Each widget's and framed screen's message keys, read by running widgets/embed/widget-messages.ts (its lists are the screens' own). */
async function widgetKeys(): Promise<Record<string, string[]>> {
  const bundled = await build({
    entryPoints: ['widgets/embed/widget-messages.ts'],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    alias: { react: 'preact/compat', 'react-dom': 'preact/compat', 'react/jsx-runtime': 'preact/jsx-runtime' },
    define: { 'process.env.NODE_ENV': '"production"', __APP_VERSION__: '""', __BUILD_DATE__: '""', __PARTNER_BUNDLE__: 'false' },
    logLevel: 'silent',
  });
  const code = bundled.outputFiles[0]?.text ?? '';
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
    catalogueKeys: () => Record<string, string[]>;
  };
  return module.catalogueKeys();
}

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
    async buildStart() {
      const keys = await widgetKeys();
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
