import fs from 'node:fs';
import path from 'node:path';
import alias from '@rollup/plugin-alias';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import { rollup, type OutputBundle, type OutputChunk, type Plugin, type RollupOptions } from 'rollup';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';
import { buildConstants } from './scripts/build-info.mjs';
import { reactToPreact } from './scripts/react-to-preact.mjs';
import { cssTextModule, inlineCssQuery } from './scripts/shadow-css.mjs';
import { widgetCatalogues } from './scripts/widget-catalogues.ts';
import { widgetSheets } from './scripts/widget-sheets.ts';
import { widgetDeclarations } from './scripts/widget-declarations.ts';

/** Style sheets imported as text (the session frame's, embed/frame-screens.tsx), minified, for shadow roots. */
const cssText: Plugin = {
  name: 'css-text',
  resolveId(source, importer) {
    if (!source.endsWith(`.css${inlineCssQuery}`) || importer === undefined) return null;
    return `${path.resolve(path.dirname(importer), source.slice(0, -inlineCssQuery.length))}${inlineCssQuery}`;
  },
  load(id) {
    return id.endsWith(`.css${inlineCssQuery}`) ? cssTextModule(id.slice(0, -inlineCssQuery.length)) : null;
  },
};

/**
 * Fewer round trips: a dynamic import first adds <link rel="modulepreload"> for every chunk its
 * target imports, so a chunk and all it needs download in parallel rather than level by level
 * as each is parsed. The helper is written once per chunk that needs it. The loader, kept under
 * 2 KB, needs none: the runtime (the core every widget shares) is one chunk that imports
 * nothing, and the loader starts it with a widget's screen, catalogue and style sheets at the
 * same moment; only the screen's own few helper chunks follow it.
 */
const preloadHelper =
  "const __gsPreload=(d,b)=>{for(const h of d){const u=new URL(h,b).href;if(!document.head.querySelector(`[href=\"${u}\"]`)){const l=document.createElement('link');l.rel='modulepreload';l.href=u;document.head.append(l)}}};";
function preloadImports(): Plugin {
  const lists = new Map<string, string[]>();
  return {
    name: 'preload-dynamic-imports',
    renderDynamicImport({ chunk, targetModuleId, getTargetChunkImports }) {
      if (chunk.isEntry && !/runtime\.tsx$/.test(targetModuleId ?? '')) return null;
      const files = (getTargetChunkImports() ?? []).flatMap((target) => (target.type === 'internal' ? [target.fileName] : []));
      if (files.length === 0) return null;
      const marker = `preload:${lists.size}`;
      lists.set(marker, files);
      return { left: `(__gsPreload(${JSON.stringify(marker)},import.meta.url),import(`, right: '))' };
    },
    renderChunk(code, chunk) {
      if (!code.includes('__gsPreload(')) return null;
      // File names here are rollup's preliminary ones: it fills in their hashes after this hook.
      const from = path.posix.dirname(chunk.fileName);
      const relative = (file: string) => path.posix.relative(from, file);
      return `${preloadHelper}${code.replace(/"(preload:\d+)"/g, (_whole, marker: string) => JSON.stringify((lists.get(marker) ?? []).map(relative)))}`;
    },
  };
}

/**
 * What both builds share: Preact for React, build constants, TypeScript and JSON, text style
 * sheets, preloading, minifying. `partnerBundle` marks the widgets a partner's page loads, as against the
 * session frame's script on our origin (core/page-mode.ts).
 */
function plugins(partnerBundle: boolean): Plugin[] {
  return [
    cssText,
    preloadImports(),
    alias({ entries: reactToPreact }),
    replace({
      preventAssignment: true,
      values: { 'process.env.NODE_ENV': JSON.stringify('production'), ...buildConstants(partnerBundle) },
    }),
    nodeResolve({ exportConditions: ['browser'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
    json({ preferConst: true, compact: true }),
    esbuild({ target: 'es2022', jsx: 'automatic', jsxImportSource: 'preact', minify: true, legalComments: 'none', charset: 'utf8' }),
    // esbuild compiles and minifies each module (the style sheets' pruning reads that code); terser then
    // minifies each chunk whole, two passes over module scope, which esbuild's per-file minifier cannot (~0.3 KB less core).
    terser({ ecma: 2020, module: true, toplevel: true, compress: { passes: 2 }, format: { comments: false } }),
  ];
}

/**
 * The core in one chunk. Left to itself, rollup splits what the runtime imports by which screens
 * share each part (Preact, the stores, the API glue...), and every widget then fetches all those
 * chunks anyway. A first pass learns which modules that is (the runtime's chunk and its static
 * imports), and the build puts them in one chunk, which compresses better and costs one request.
 * Screens import their share of the core from it.
 */
async function coreModules(): Promise<Set<string>> {
  const build = await rollup({ input: widgetsInput, plugins: [...plugins(true), widgetCatalogues()], logLevel: 'silent' });
  const { output } = await build.generate({ format: 'es' });
  await build.close();
  const chunks = new Map(output.flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])));
  const runtime = [...chunks.values()].find((chunk) => chunk.moduleIds.some((id) => id.endsWith('widgets/embed/runtime.tsx')));
  const core = new Set<OutputChunk>();
  const add = (chunk: OutputChunk | undefined) => {
    if (chunk === undefined || chunk.isEntry || core.has(chunk)) return;
    core.add(chunk);
    for (const imported of chunk.imports) add(chunks.get(imported));
  };
  add(runtime);
  return new Set([...core].flatMap((chunk) => chunk.moduleIds));
}

const widgetsInput = { 'v1/embed': 'widgets/embed/embed.ts' };

/**
 * Small modules kept together where rollup would give each its own chunk, as each chunk costs its
 * request and its own compression overhead: the screen wrapper with the login guard (every screen
 * but the session badge, the bell, the language picker and the settings needs a login), with the
 * counters the order and card screens bump (all five of them need a login), and the amounts' format
 * with their limits (no screen that checks an amount's limits does without it).
 * nanostores' onMount is named apart: the core imports nanostores, and rollup would otherwise pull the
 * whole package (onMount included) into the runtime chunk, where only the polled stores (the balance,
 * the unread count) use it (about 230 B gzip off every widget).
 */
const familyChunks: [name: string, test: RegExp][] = [
  ['screen', /widgets\/(screens\/screen|auth\/RequireLogin|auth\/LoginPrompt|auth\/login-prompt|core\/changes)\.tsx?$/],
  ['amounts', /(widgets\/core\/money|contract\/limits)\.ts$/],
  ['mount', /node_modules\/nanostores\/lifecycle\/index\.js$/],
];

/**
 * The embeddable widgets: the loader a partner page includes with one script tag
 * (v1/embed.js, its address versioned by the embedding contract, not by build) and hashed,
 * immutable chunks per widget, per catalogue and per style sheet. React is aliased to
 * Preact itself to keep the loader and shared core small (budgets checked by the tests).
 */
const widgets = (core: Set<string>): RollupOptions => ({
  input: widgetsInput,
  output: {
    dir: 'dist/widgets',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[hash:6].js',
    compact: true,
    manualChunks: (id) => (core.has(id) ? 'runtime' : familyChunks.find(([, test]) => test.test(id))?.[0]),
  },
  plugins: [
    ...plugins(true),
    widgetCatalogues(),
    widgetSheets(),
    widgetDeclarations(),
    {
      name: 'partner-demo-page',
      buildStart() {
        // Chunk names carry hashes: clear the old ones so the budget test sees only this build.
        fs.rmSync('dist/widgets', { recursive: true, force: true });
      },
      generateBundle(_options, bundle) {
        for (const [source, name] of [
          ['partner-demo.html', 'partner.html'],
          ['partner-demo.css', 'partner.css'],
          ['partner-demo.js', 'partner.js'],
        ]) {
          this.emitFile({ type: 'asset', fileName: `demo/${name}`, source: fs.readFileSync(`widgets/embed/${source}`) });
        }
        this.emitFile({ type: 'asset', fileName: 'manifest.json', source: JSON.stringify(widgetManifest(bundle), null, 2) });
      },
    },
  ],
});

/**
 * The session frame's script (v1/frame.js), run on our origin inside a partner's page. A frame is
 * a document of its own, which shares no module with the page around it, so it is a build of
 * its own and the partner page's loader stays free of it.
 */
const frame: RollupOptions = {
  input: { 'v1/frame': 'widgets/embed/frame.ts' },
  output: { dir: 'dist/widgets', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'frame/[hash:6].js', compact: true },
  // The frame script fetches its screen's own catalogue beside the widgets' (the same files, the same folder).
  plugins: [
    ...plugins(false),
    widgetCatalogues(),
    {
      name: 'frame-manifest',
      generateBundle(_options, bundle) {
        this.emitFile({ type: 'asset', fileName: 'frame-manifest.json', source: JSON.stringify(frameManifest(bundle), null, 2) });
      },
    },
  ],
};

/**
 * What the frame build made, for the budget test: each chunk's static imports, and the chunk each of our
 * modules landed in (the frame script, the session keeper, each framed screen), by its path.
 */
function frameManifest(bundle: OutputBundle) {
  const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
  return {
    chunks: Object.fromEntries(chunks.map((chunk) => [chunk.fileName, chunk.imports])),
    // Where each of our modules landed (a screen's module may share a chunk and have no facade of its own).
    modules: Object.fromEntries(
      chunks.flatMap((chunk) =>
        chunk.moduleIds.flatMap((id) => (id.includes('node_modules') ? [] : [[path.relative(process.cwd(), id), chunk.fileName] as const])),
      ),
    ),
  };
}

/**
 * What the build made, for the budget test and the benchmark: the loader, each element's screen
 * chunk, the runtime, each element's style sheet, and every chunk's static imports.
 */
function widgetManifest(bundle: OutputBundle) {
  const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
  const byModule = (test: (id: string) => boolean) => chunks.find((chunk) => test(chunk.facadeModuleId ?? ''))?.fileName;
  // A screen's module may share a chunk with code another chunk imports too (rollup then gives it no facade of its own).
  const holding = (test: (id: string) => boolean) =>
    byModule(test) ?? chunks.find((chunk) => chunk.moduleIds.some(test) && !chunk.isEntry)?.fileName;
  const registry = fs.readFileSync('widgets/screens/registry.ts', 'utf8');
  const elements = Object.fromEntries(
    [...registry.matchAll(/'(gs-[\w-]+)': \(\) => import\('\.\.\/([^']+)'\)/g)].map(([, tag = '', module = '']) => [
      tag,
      holding((id) => id.endsWith(`widgets/${module}`)),
    ]),
  );
  // Each element's one style sheet (scripts/widget-sheets.ts), fetched beside its screen.
  const sheets = Object.fromEntries(
    Object.values(bundle).flatMap((output) => {
      const tag = /^s\/[\w-]+\/(gs-[\w-]+)\.js$/.exec(output.fileName)?.[1];
      return tag === undefined ? [] : [[tag, output.fileName]];
    }),
  );
  return {
    loader: 'v1/embed.js',
    runtime: holding((id) => id.endsWith('widgets/embed/runtime.tsx')),
    elements,
    sheets,
    chunks: Object.fromEntries(chunks.map((chunk) => [chunk.fileName, chunk.imports])),
  };
}

export default async (): Promise<RollupOptions[]> => [widgets(await coreModules()), frame];
