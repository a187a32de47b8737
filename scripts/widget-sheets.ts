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

/**
 * The code of a module and of every module it imports, at once or later, style sheets and catalogues
 * aside, as the bundle renders it: what tree-shaking left out (the partner bundle's site-only paths,
 * core/page-mode.ts) writes no class.
 */
function codeFrom(context: PluginContext, rendered: Map<string, string>, ids: string[]): string {
  const seen = new Set<string>();
  const pending = [...ids];
  const parts: string[] = [];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id) || id.includes('.css?')) continue;
    seen.add(id);
    const info = context.getModuleInfo(id);
    if (info === null) continue;
    parts.push(rendered.get(id) ?? '');
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
  return {
    name: 'widget-sheets',
    async generateBundle(_options, bundle) {
      const rendered = new Map<string, string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(output.modules)) rendered.set(id, module.code ?? '');
      }
      const texts = new Map<SheetName, string>();
      for (const [name, file] of Object.entries(sheetFiles) as [SheetName, string][]) texts.set(name, await shadowCss(file));
      const runtime = path.resolve('widgets/embed/runtime.tsx');
      const pieces = screenModules().map(([tag, screen]) => {
        const code = codeFrom(this, rendered, [screen, runtime]);
        const names = [...sharedSheets, ...(sheetsOfTag[tag as keyof typeof sheetsOfTag] ?? [])];
        // The box is ours alone, and its :host rules concern the partner's page: it is kept whole.
        const css = names.map((name) => (name === 'host' ? texts.get(name) : withoutUnusedRules(texts.get(name) ?? '', code))).join('');
        return { tag, source: `export default ${JSON.stringify(css)};` };
      });
      const folder = createHash('sha256')
        .update(pieces.map((piece) => `${piece.tag}\n${piece.source}`).join('\n'))
        .digest('base64url')
        .slice(0, 10);
      for (const { tag, source } of pieces) this.emitFile({ type: 'asset', fileName: `s/${folder}/${tag}.js`, source });
      // Only the loader names the folder, and its own address carries no hash: naming it now changes no chunk's name.
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk' && output.code.includes('__WIDGET_SHEETS__')) {
          if (output.isEntry === false) this.error(`${output.fileName}: only the loader may name the style sheets' folder`);
          output.code = output.code.replaceAll('__WIDGET_SHEETS__', folder);
        }
      }
    },
  };
}
