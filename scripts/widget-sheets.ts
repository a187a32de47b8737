import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, PluginContext } from 'rollup';
import { sharedSheets, sheetFiles, sheetsOfTag, type SheetName } from '../widgets/embed/sheets.ts';
import { shadowCss } from './shadow-css.mjs';
import { withoutUnusedRules } from './unused-css.ts';

/** Each element's screen module, as the registry names it (rollup.config.ts reads it the same way). */
function screenModules(): [tag: string, file: string][] {
  const registry = fs.readFileSync('widgets/screens/registry.ts', 'utf8');
  return [...registry.matchAll(/'(gs-[\w-]+)': \(\) => import\('\.\.\/([^']+)'\)/g)].map(([, tag = '', module = '']) => [
    tag,
    path.resolve('widgets', module),
  ]);
}

/** The code of a module and of every module it imports, at once or later, style sheets and catalogues aside. */
function codeFrom(context: PluginContext, ids: string[]): string {
  const seen = new Set<string>();
  const pending = [...ids];
  const parts: string[] = [];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id) || id.includes('.css?')) continue;
    seen.add(id);
    const info = context.getModuleInfo(id);
    if (info === null) continue;
    parts.push(info.code ?? '');
    pending.push(...info.importedIds, ...info.dynamicallyImportedIds);
  }
  return parts.join('\n');
}

/**
 * One style sheet per widget (s/<version>/<tag>.js): its box (embed/host.css), then the sheets of
 * our site its screen uses (embed/sheets.ts), less the rules no element of that widget can match
 * (unused-css.ts), all as one text. The loader fetches it beside the screen; its folder is named
 * by the content, as the catalogues' is, so it can be cached for good.
 */
export function widgetSheets(): Plugin {
  let files: { fileName: string; source: string }[] = [];
  let folder = '';
  return {
    name: 'widget-sheets',
    async buildEnd(error) {
      if (error !== undefined) return;
      const texts = new Map<SheetName, string>();
      for (const [name, file] of Object.entries(sheetFiles) as [SheetName, string][]) texts.set(name, await shadowCss(file));
      const runtime = path.resolve('widgets/embed/runtime.tsx');
      const pieces = screenModules().map(([tag, screen]) => {
        const code = codeFrom(this, [screen, runtime]);
        const names = [...sharedSheets, ...(sheetsOfTag[tag as keyof typeof sheetsOfTag] ?? [])];
        // The box is ours alone, and its :host rules concern the partner's page: it is kept whole.
        const css = names.map((name) => (name === 'host' ? texts.get(name) : withoutUnusedRules(texts.get(name) ?? '', code))).join('');
        return { tag, source: `export default ${JSON.stringify(css)};` };
      });
      folder = createHash('sha256')
        .update(pieces.map((piece) => `${piece.tag}\n${piece.source}`).join('\n'))
        .digest('base64url')
        .slice(0, 10);
      files = pieces.map(({ tag, source }) => ({ fileName: `s/${folder}/${tag}.js`, source }));
    },
    renderChunk(code) {
      return code.includes('__WIDGET_SHEETS__') ? code.replaceAll('__WIDGET_SHEETS__', folder) : null;
    },
    generateBundle() {
      for (const file of files) this.emitFile({ type: 'asset', ...file });
    },
  };
}
