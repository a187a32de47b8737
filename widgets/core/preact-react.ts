/**
 * What the widgets take from 'react', from Preact itself: the islands, the partner build and the
 * component tests alias 'react' here instead of to Preact's compat layer, which would cost every
 * page about 1.5 KB gzip more. Core Preact differs from React where compat would have mapped:
 * a text field's onChange is onInput, SVG attributes are written as in SVG (`text-anchor`), and
 * `translate="no"` is written `{...noTranslate}` (ui/no-translate.ts). The site's islands take the
 * same names (scripts/react-to-preact.mjs, decision 063).
 */
export { createContext, createElement, Fragment } from 'preact';
export * from 'preact/hooks';
