// @ts-check
import preact from '@astrojs/preact';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { buildConstants } from './scripts/build-info.mjs';
import { reactToPreact } from './scripts/react-to-preact.mjs';
import { recordInlineScriptHashes } from './server/site/inline-scripts.ts';

/**
 * The server's preview and publish builds (docs/decisions/022-published-brand-site.md) set these: the
 * folder the version is written to, the address prefix of a preview, and a cache of processed
 * pictures kept between versions. Unset, the build is the repository's own, into dist/site.
 */
const { SITE_OUT_DIR, SITE_BASE, SITE_CACHE_DIR } = process.env;

/**
 * What (nearly) every island page runs, as two chunks rather than about twenty: the browser receives each
 * file compressed on its own, so the pieces cost about 3 KB gzip more apart than together on a member page
 * (docs/decisions/063-one-chunk-for-what-every-island-page-runs.md). Preact and Astro's island glue are on
 * every island page, the map's too; the member screens' shared parts (the API, translations, the session,
 * the bell, the login wrapper) are on every member page.
 */
const sharedChunks = [
  {
    name: 'preact',
    modules: ['node_modules/preact/', 'node_modules/@astrojs/preact/', 'vite/preload-helper', 'widgets/core/preact-react.ts'],
  },
  {
    name: 'member-core',
    modules: [
      'node_modules/nanostores/',
      'node_modules/rosetta/',
      'node_modules/dlv/',
      'locales/index.ts',
      'widgets/core/api.ts',
      'widgets/core/api-origin.ts',
      'widgets/core/changes.ts',
      'widgets/core/embedded.ts',
      'widgets/core/hooks.ts',
      'widgets/core/i18n.ts',
      'widgets/core/locale.ts',
      'widgets/core/money.ts',
      'widgets/core/page-mode.ts',
      'widgets/core/refusal.ts',
      'widgets/core/session.ts',
      'widgets/core/use-store.ts',
      'widgets/screens/screen.tsx',
      'widgets/ui/SessionWatcher.tsx',
      'widgets/notifications/NotificationBell.tsx',
      'widgets/notifications/unread.ts',
      'widgets/notifications/notice-text.ts',
      'widgets/auth/RequireLogin.tsx',
    ],
  },
];

export default defineConfig({
  // The public address, for absolute hreflang and canonical links (unset: relative links).
  ...(process.env.SITE_URL ? { site: process.env.SITE_URL } : {}),
  srcDir: './site',
  publicDir: './site/public',
  outDir: SITE_OUT_DIR ?? './dist/site',
  ...(SITE_BASE ? { base: SITE_BASE } : {}),
  ...(SITE_CACHE_DIR ? { cacheDir: SITE_CACHE_DIR } : {}),
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  compressHTML: true,
  // The brand artwork is SVG we draw (scripts/brand-art.ts) or an operator supplies in the repository, never
  // a visitor's upload, so sharp may rasterise it to responsive AVIF/WebP (docs/decisions/008-brand-site.md).
  image: { dangerouslyProcessSVG: true },
  integrations: [
    preact(),
    // The server's Content-Security-Policy allows the built pages' inline scripts by hash: recorded once here, not read from every page at each start.
    { name: 'inline-script-hashes', hooks: { 'astro:build:done': ({ dir }) => recordInlineScriptHashes(fileURLToPath(dir)) } },
  ],
  vite: {
    define: buildConstants(),
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: sharedChunks.map(({ name, modules }, index) => ({
              name,
              test: (/** @type {string} */ id) => modules.some((module) => id.replaceAll('\\', '/').includes(module)),
              priority: sharedChunks.length - index,
            })),
          },
        },
      },
    },
    // rosetta's key lookup (dlv) names a UMD build as its "browser" file, which Vite would wrap as CommonJS
    // in every island page; its ES build is the same function (about 0.35 KB gzip less on an island page).
    // React's names are answered by Preact itself, as in the partner widgets (scripts/react-to-preact.mjs).
    resolve: { alias: [{ find: /^dlv$/, replacement: 'dlv/dist/dlv.es.js' }, ...reactToPreact] },
  },
});
