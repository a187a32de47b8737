import { fileURLToPath } from 'node:url';

const widgetsCore = (/** @type {string} */ file) => fileURLToPath(new URL(`../widgets/core/${file}`, import.meta.url));

/**
 * React's names, answered by Preact itself rather than by its compat layer: the islands, the partner
 * widgets and the component tests all take them from here (astro.config.mjs, rollup.config.ts,
 * web-test-runner.config.mjs). The screens use hooks, context and a root, which core Preact has;
 * widgets/core/preact-react.ts says where core Preact differs from React.
 */
export const reactToPreact = [
  { find: /^react-dom\/client$/, replacement: widgetsCore('preact-root.ts') },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: widgetsCore('preact-react.ts') },
];
