// @ts-check
import preact from '@astrojs/preact';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { buildConstants } from './scripts/build-info.mjs';
import { recordInlineScriptHashes } from './server/site/inline-scripts.ts';

/**
 * The server's preview and publish builds (docs/decisions/022-published-brand-site.md) set these: the
 * folder the version is written to, the address prefix of a preview, and a cache of processed
 * pictures kept between versions. Unset, the build is the repository's own, into dist/site.
 */
const { SITE_OUT_DIR, SITE_BASE, SITE_CACHE_DIR } = process.env;

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
    preact({ compat: true }),
    // The server's Content-Security-Policy allows the built pages' inline scripts by hash: recorded once here, not read from every page at each start.
    { name: 'inline-script-hashes', hooks: { 'astro:build:done': ({ dir }) => recordInlineScriptHashes(fileURLToPath(dir)) } },
  ],
  vite: {
    define: buildConstants(),
    // rosetta's key lookup (dlv) names a UMD build as its "browser" file, which Vite would wrap as CommonJS
    // in every island page; its ES build is the same function (about 0.35 KB gzip less on an island page).
    resolve: { alias: { dlv: 'dlv/dist/dlv.es.js' } },
  },
});
