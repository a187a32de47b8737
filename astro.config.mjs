// @ts-check
import preact from '@astrojs/preact';
import { defineConfig } from 'astro/config';

/**
 * Packages that import "react" must be bundled for server rendering, so that the alias to
 * Preact's compat layer applies to them too (docs/decisions/004-islands-on-preact.md).
 */
const bundledForServer = ['@nanostores/react'];

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist/site',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  compressHTML: true,
  integrations: [preact({ compat: true })],
  vite: {
    environments: {
      ssr: { resolve: { noExternal: bundledForServer } },
      prerender: { resolve: { noExternal: bundledForServer } },
    },
  },
});
