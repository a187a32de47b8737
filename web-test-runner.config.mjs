// @ts-check
import rollupAlias from '@rollup/plugin-alias';
import rollupJson from '@rollup/plugin-json';
import rollupReplace from '@rollup/plugin-replace';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { fromRollup } from '@web/dev-server-rollup';
import { defaultReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { buildConstants } from './scripts/build-info.mjs';
import { reactToPreact } from './scripts/react-to-preact.mjs';
import { stalledFilesReporter } from './scripts/stalled-files-reporter.mjs';
import { sessionFrameDouble } from './tests/helpers/session-frame-double.mjs';

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
  // tests/helpers/browser-test-setup.ts runs before each test file.
  testRunnerHtml: (/** @type {string} */ testFramework) =>
    `<!DOCTYPE html><html><head><script type="module" src="/tests/helpers/browser-test-setup.ts"></script></head><body><script type="module" src="${testFramework}"></script></body></html>`,
  // scripts/component-tests.ts reads which files stalled, to run them once more.
  reporters: [
    defaultReporter(),
    ...(process.env.COMPONENT_TESTS_SUMMARY ? [stalledFilesReporter(process.env.COMPONENT_TESTS_SUMMARY)] : []),
  ],
  // The session frame for the partner page's side of the session channel (widgets/embed/bridge.browser.test.tsx).
  middleware: [sessionFrameDouble],
  plugins: [
    // As the site and the partner build: React's names from Preact itself, not its compat layer.
    alias({ entries: reactToPreact }),
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
