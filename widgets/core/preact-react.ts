/**
 * What the widgets take from 'react', from Preact itself: the partner build and the component
 * tests alias 'react' here instead of to Preact's compat layer, which would cost every partner
 * page about 1.5 KB gzip more. Core Preact differs from React where compat would have mapped:
 * a text field's onChange is onInput, and SVG attributes are written as in SVG (`text-anchor`).
 * The site's islands keep compat (astro.config.mjs); the same code runs under both.
 */
export { createContext, createElement, Fragment } from 'preact';
export * from 'preact/hooks';
