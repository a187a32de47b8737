// @ts-check
import rollupAlias from '@rollup/plugin-alias';
import rollupJson from '@rollup/plugin-json';
import rollupReplace from '@rollup/plugin-replace';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { fromRollup } from '@web/dev-server-rollup';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { buildConstants } from './scripts/build-info.mjs';

const alias = fromRollup(rollupAlias);
const json = fromRollup(rollupJson);
const replace = fromRollup(rollupReplace);

/** Debian's Chromium, with the flags this kind of machine needs (no network beyond loopback). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default {
  files: ['widgets/**/*.browser.test.tsx'],
  nodeResolve: { exportConditions: ['browser'] },
  mimeTypes: { '**/*.json': 'js' },
  testFramework: { config: { timeout: 10_000 } },
  plugins: [
    alias({
      entries: [
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react$/, replacement: 'preact/compat' },
      ],
    }),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('development'), ...buildConstants() } }),
    json(),
    esbuildPlugin({ ts: true, tsx: true, jsx: true, tsconfig: 'tsconfig.json', target: 'es2022' }),
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    }),
  ],
};
