import fs from 'node:fs';
import alias from '@rollup/plugin-alias';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import type { RollupOptions } from 'rollup';
import esbuild from 'rollup-plugin-esbuild';
import { buildConstants } from './scripts/build-info.mjs';

/**
 * The embeddable widgets: one loader (embed.js) a partner page includes with a script tag,
 * and code-split chunks per widget and per catalogue. React is aliased to Preact's compat
 * layer to keep the loader and shared core small (budget checked by the tests).
 */
const config: RollupOptions = {
  input: { embed: 'widgets/embed/embed.ts' },
  output: {
    dir: 'dist/widgets',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    compact: true,
  },
  plugins: [
    alias({
      entries: [
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react$/, replacement: 'preact/compat' },
      ],
    }),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production'), ...buildConstants() } }),
    nodeResolve({ exportConditions: ['browser'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
    json({ preferConst: true, compact: true }),
    esbuild({ target: 'es2022', jsx: 'automatic', jsxImportSource: 'preact', minify: true, legalComments: 'none' }),
    {
      name: 'partner-demo-page',
      buildStart() {
        // Chunk names carry hashes: clear the old ones so the budget test sees only this build.
        fs.rmSync('dist/widgets', { recursive: true, force: true });
      },
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'demo/partner.html', source: fs.readFileSync('widgets/embed/partner-demo.html') });
      },
    },
  ],
};

export default config;
