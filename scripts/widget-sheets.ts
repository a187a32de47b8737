import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, PluginContext } from 'rollup';
import { frameScreenModules } from '../widgets/embed/frame-screen-modules.ts';
import { frameCatalogue } from '../widgets/embed/frame-titles.ts';
import { sharedSheets, sheetFiles, sheetsOfFrame, sheetsOfTag, type SheetName } from '../widgets/embed/sheets.ts';
import { shadowCss } from './shadow-css.mjs';
import { withoutUnusedRules } from './unused-css.ts';

/** One style sheet the build writes: its file's name, the modules whose code (and all they import) it serves, its sheets. */
interface SheetPiece {
  name: string;
  modules: string[];
  sheets: readonly SheetName[];
}

/**
 * Each element's sheet on a partner's page: its screen's code and the runtime around it, or, for an element holding
 * one of our frames, that element's own code (embed/frame-element.ts).
 */
function elementSheets(): SheetPiece[] {
  const registry = fs.readFileSync('widgets/screens/registry.ts', 'utf8');
  const runtime = path.resolve('widgets/embed/runtime.tsx');
  return [...registry.matchAll(/'(gs-[\w-]+)': \(\) => import\('\.\.\/([^']+)'\)/g)].map(([, tag = '', module = '']) => {
    const screen = path.resolve('widgets', module);
    return {
      name: tag,
      modules: module === 'embed/frame-element.ts' ? [screen] : [screen, runtime],
      sheets: [...sharedSheets, ...(sheetsOfTag[tag as keyof typeof sheetsOfTag] ?? [])],
    };
  });
}

/** Each framed screen's sheet in its own document on our origin: the frame's code around the screen, and the screen's. */
function frameSheets(): SheetPiece[] {
  const frame = path.resolve('widgets/embed/frame-screens.tsx');
  return Object.entries(frameScreenModules).map(([screen, module]) => ({
    name: frameCatalogue(screen),
    modules: [frame, path.resolve('widgets', module)],
    sheets: [...sharedSheets, ...(sheetsOfFrame[screen as keyof typeof sheetsOfFrame] ?? [])],
  }));
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
 * One style sheet per widget (s/<version>/<tag>.js), or per framed screen in the frame build
 * (s/<version>/frame-<screen>.js): its box (embed/host.css), then the sheets of our site its screen
 * uses (embed/sheets.ts), less the rules no element of that widget can match (unused-css.ts), all as
 * one text. The loader, or the frame's script, fetches it beside the screen; its folder is named by
 * the content, as the catalogues' is, so it can be cached for good.
 */
export function widgetSheets(kind: 'elements' | 'frames'): Plugin {
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
      const pieces = (kind === 'elements' ? elementSheets() : frameSheets()).map(({ name, modules, sheets }) => {
        const code = codeFrom(this, rendered, modules);
        // The box is ours alone, and its :host rules concern the partner's page: it is kept whole.
        const css = sheets
          .map((sheet) => (sheet === 'host' ? texts.get(sheet) : withoutUnusedRules(texts.get(sheet) ?? '', code)))
          .join('');
        return { tag: name, source: `export default ${JSON.stringify(css)};` };
      });
      const folder = createHash('sha256')
        .update(pieces.map((piece) => `${piece.tag}\n${piece.source}`).join('\n'))
        .digest('base64url')
        .slice(0, 10);
      for (const { tag, source } of pieces) this.emitFile({ type: 'asset', fileName: `s/${folder}/${tag}.js`, source });
      // Only the loader names the folder, and its own address carries no hash: naming it now changes no chunk's name.
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk' && output.code.includes('__WIDGET_SHEETS__')) {
          if (output.isEntry === false)
            this.error(`${output.fileName}: only the loader and the frame's script may name the style sheets' folder`);
          output.code = output.code.replaceAll('__WIDGET_SHEETS__', folder);
        }
      }
    },
  };
}
