// @ts-check
import preact from '@astrojs/preact';
import { defineConfig } from 'astro/config';
import { buildConstants } from './scripts/build-info.mjs';

/**
 * Packages that import "react" must be bundled for server rendering, so that the alias to
 * Preact's compat layer applies to them too (docs/decisions/004-islands-on-preact.md).
 */
const bundledForServer = ['@nanostores/react'];

export default defineConfig({
  // The public address, for absolute hreflang and canonical links (unset: relative links).
  ...(process.env.SITE_URL ? { site: process.env.SITE_URL } : {}),
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist/site',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  compressHTML: true,
  // The brand artwork is SVG we draw (scripts/brand-art.ts) or an operator supplies in the repository, never
  // a visitor's upload, so sharp may rasterise it to responsive AVIF/WebP (docs/decisions/008-brand-site.md).
  image: { dangerouslyProcessSVG: true },
  integrations: [preact({ compat: true })],
  vite: {
    define: buildConstants(),
    environments: {
      ssr: { resolve: { noExternal: bundledForServer } },
      prerender: { resolve: { noExternal: bundledForServer } },
    },
  },
});
