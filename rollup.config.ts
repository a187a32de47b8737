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
import { widgetCatalogues } from './scripts/widget-catalogues.ts';
import { widgetSheets } from './scripts/widget-sheets.ts';
import { widgetDeclarations } from './scripts/widget-declarations.ts';
import { frameScreenModules } from './widgets/embed/frame-screen-modules.ts';

/**
 * No chunk found late (issue 34): when code asks for a chunk (a dynamic import), it asks at the same moment for every
 * chunk that chunk imports, at any depth, so they all download in parallel rather than level by level as each arrives
 * and names its imports. The loader does so for each widget's screen (and the runtime around it), the frame's script
 * for a framed screen's code; tests/unit/budgets.test.ts reads the lists back from the built files. The announcement is
 * an import of each of those chunks (its result is the screen's own import's to use; a failure is that import's to
 * report): shorter than a <link rel="modulepreload"> per chunk, which every byte of the loader pays for, and the same
 * requests at the same moment. The helper is written once per chunk that needs it, with the folder every chunk of that
 * build lies in (chunks/ for the widgets, frame/ for the frames), so a list names each chunk by its hash alone.
 */
const announceHelper = (folder: string) =>
  `const __gsAnnounce=d=>{for(const h of d.split(" "))import(${JSON.stringify(folder)}+h+".js").catch(()=>{})};`;
function announceImports(): Plugin {
  const lists = new Map<string, string[]>();
  return {
    name: 'announce-imports',
    renderDynamicImport({ getTargetChunkImports }) {
      // Nor is an entry announced (v1/: the loader, the frame's script): it is what runs first, and chunks the frame's
      // script loads import it back.
      const files = (getTargetChunkImports() ?? []).flatMap((target) =>
        target.type === 'internal' && !target.fileName.startsWith('v1/') ? [target.fileName] : [],
      );
      if (files.length === 0) return null;
      const marker = `announce:${lists.size}`;
      lists.set(marker, files);
      return { left: `(__gsAnnounce(${JSON.stringify(marker)}),import(`, right: '))' };
    },
    renderChunk(code, chunk) {
      if (!code.includes('__gsAnnounce(')) return null;
      // File names here are rollup's preliminary ones: it fills in their hashes after this hook.
      const from = path.posix.dirname(chunk.fileName);
      const folders = new Set<string>();
      const names = (files: string[]) =>
        files
          .map((file) => {
            folders.add(`${path.posix.relative(from, path.posix.dirname(file)) || '.'}/`);
            return path.posix.basename(file, '.js');
          })
          .join(' ');
      const replaced = code.replace(/"(announce:\d+)"/g, (_whole, marker: string) => JSON.stringify(names(lists.get(marker) ?? [])));
      if (folders.size !== 1) this.error(`${chunk.fileName} announces chunks of more than one folder: ${[...folders].join(', ')}`);
      return `${announceHelper([...folders][0] ?? './')}${replaced}`;
    },
  };
}

/**
 * What both builds share: Preact for React, build constants, TypeScript and JSON, announcing what
 * a dynamic import will need, minifying. `partnerBundle` marks the widgets a partner's page loads, as against the
 * session frame's script on our origin (core/page-mode.ts).
 */
function plugins(partnerBundle: boolean): Plugin[] {
  return [
    announceImports(),
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
 * The core in two chunks. Left to itself, rollup splits what the runtime imports by which screens
 * share each part (Preact, the stores, the API glue...), and every widget then fetches all those
 * chunks anyway. A first pass learns which modules the runtime imports, at once and through them, and
 * which the element holding one of our frames imports (embed/frame-element.ts): what both import (the
 * session frame's bridge, the stores, the API glue) is one chunk, the rest of the runtime (Preact,
 * translations, the runtime itself) another, so a widget whose screen runs in our frame carries no
 * Preact on the page (decision 066). Screens import their share of the core from them.
 */
async function coreModules(): Promise<{ session: Set<string>; runtime: Set<string> }> {
  const build = await rollup({ input: widgetsInput, plugins: [...plugins(true), widgetCatalogues()], logLevel: 'silent' });
  const { output } = await build.generate({ format: 'es' });
  await build.close();
  const chunks = new Map(output.flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])));
  /** The modules of the chunk holding `ending` and of every chunk it imports statically. */
  const closure = (ending: string) => {
    const found = new Set<OutputChunk>();
    const add = (chunk: OutputChunk | undefined) => {
      if (chunk === undefined || chunk.isEntry || found.has(chunk)) return;
      found.add(chunk);
      for (const imported of chunk.imports) add(chunks.get(imported));
    };
    add([...chunks.values()].find((chunk) => chunk.moduleIds.some((id) => id.endsWith(ending))));
    return new Set([...found].flatMap((chunk) => chunk.moduleIds));
  };
  const runtime = closure('widgets/embed/runtime.tsx');
  const framed = closure('widgets/embed/frame-element.ts');
  const session = new Set([...runtime].filter((id) => framed.has(id)));
  return { session, runtime: new Set([...runtime].filter((id) => !session.has(id))) };
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
const widgets = (core: { session: Set<string>; runtime: Set<string> }): RollupOptions => ({
  input: widgetsInput,
  output: {
    dir: 'dist/widgets',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[hash:6].js',
    compact: true,
    manualChunks: (id) =>
      core.session.has(id) ? 'session' : core.runtime.has(id) ? 'runtime' : familyChunks.find(([, test]) => test.test(id))?.[0],
  },
  plugins: [
    ...plugins(true),
    widgetCatalogues(),
    widgetSheets('elements'),
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
 * The frame's script (v1/frame.js), run on our origin inside a partner's page: the session frame, and the frame of
 * each screen with a secret or a power (decision 054). A frame is a document of its own, which shares no module with
 * the page around it, so it is a build of its own and the partner page's loader stays free of it; our frames on one
 * page share its files (one origin, one cache), so what they both run is fetched once.
 */
const frameInput = { 'v1/frame': 'widgets/embed/frame.ts' };

/**
 * The framed screens' shared code in one chunk. Left to itself, rollup splits what the screens share into a chunk
 * per combination of screens that uses it (a dozen, some under 100 B), and a screen's frame fetched ten of them. A
 * first pass learns which modules the frame around every screen imports (frame-screens.tsx and all it imports), and
 * which modules three screens or more import: they are one chunk. What only one or two screens import stays with
 * them; what the frame's script itself imports (the session keeper, the API client) stays in it.
 */
async function frameCoreModules(): Promise<{ entry: Set<string>; core: Set<string> }> {
  const imports = new Map<string, readonly string[]>();
  const graph: Plugin = {
    name: 'module-graph',
    buildEnd() {
      for (const id of this.getModuleIds()) imports.set(id, this.getModuleInfo(id)?.importedIds ?? []);
    },
  };
  const build = await rollup({ input: frameInput, plugins: [...plugins(false), widgetCatalogues(), graph], logLevel: 'silent' });
  const { output } = await build.generate({ format: 'es' });
  await build.close();
  // What the frame's script holds when rollup alone decides (the session keeper, the API client): it stays there.
  const entry = new Set(output.flatMap((file) => (file.type === 'chunk' && file.isEntry ? file.moduleIds : [])));
  const closure = (root: string, found = new Set<string>()) => {
    if (found.has(root) || entry.has(root)) return found;
    found.add(root);
    for (const imported of imports.get(root) ?? []) closure(imported, found);
    return found;
  };
  const core = closure(path.resolve('widgets/embed/frame-screens.tsx'));
  const users = new Map<string, number>();
  for (const module of new Set(Object.values(frameScreenModules)))
    for (const id of closure(path.resolve('widgets', module))) users.set(id, (users.get(id) ?? 0) + 1);
  for (const [id, count] of users) if (count >= 3) core.add(id);
  return { entry, core };
}

const frame = ({ entry, core }: { entry: Set<string>; core: Set<string> }): RollupOptions => ({
  input: frameInput,
  output: {
    dir: 'dist/widgets',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'frame/[hash:6].js',
    compact: true,
    manualChunks: (id) => (entry.has(id) ? 'v1/frame' : core.has(id) ? 'frame-core' : undefined),
  },
  // The frame script fetches its screen's own catalogue beside the widgets' (the same files, the same folder).
  plugins: [
    ...plugins(false),
    widgetCatalogues(),
    widgetSheets('frames'),
    {
      name: 'frame-manifest',
      generateBundle(_options, bundle) {
        this.emitFile({ type: 'asset', fileName: 'frame-manifest.json', source: JSON.stringify(frameManifest(bundle), null, 2) });
      },
    },
  ],
});

/**
 * What the frame build made, for the budget test: each chunk's static imports, each framed screen's style sheet, and
 * the chunk each of our modules landed in (the frame script, the session keeper, each framed screen), by its path.
 */
function frameManifest(bundle: OutputBundle) {
  const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
  // Each framed screen's one style sheet (scripts/widget-sheets.ts), fetched beside its code.
  const sheets = Object.fromEntries(
    Object.values(bundle).flatMap((output) => {
      const screen = /^s\/[\w-]+\/frame-([\w-]+)\.js$/.exec(output.fileName)?.[1];
      return screen === undefined ? [] : [[screen, output.fileName]];
    }),
  );
  return {
    chunks: Object.fromEntries(chunks.map((chunk) => [chunk.fileName, chunk.imports])),
    sheets,
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

export default async (): Promise<RollupOptions[]> => [widgets(await coreModules()), frame(await frameCoreModules())];
