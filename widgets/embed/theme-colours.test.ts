import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sheetFiles } from './sheets.ts';

/**
 * Every colour a widget shows comes from the theme (the --gs-color-* properties, host.css), so a partner's
 * colours, a dark preset's among them, reach every text and control. The only colours of a sheet's own are
 * drawings that say nothing a text beside them does not, and what our own pages alone show.
 */
const ownColours: Record<string, string[]> = {
  // The machine's drawing (its solar panel), its online light and the chart's bars, each with its words beside it.
  'site/styles/dig.css': ['#1f5f7a', '#bfe3f0', '#1a9c4a', '#7fb8a3'],
  // The login prompt's backdrop (our pages only: widgets never open it) and the notification panel's shadow.
  'site/styles/member-screens.css': ['rgb(11 61 46 / 0.55)', 'rgb(0 0 0 / 0.15)'],
};

/** The colours a sheet writes, less the theme's defaults in host.css (`var(--gs-color-ink, #17201c)`). */
function coloursOf(file: string): string[] {
  const css = fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/var\(--gs-color-[\w-]+, #[\da-f]+\)/gi, '');
  return [...new Set(css.match(/#[\da-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\([^)]*\)|(?<![\w-])(?:white|black)(?![\w-])/gi))];
}

describe('the widgets’ style sheets', () => {
  it('take every colour of a text or control from the theme', () => {
    for (const file of Object.values(sheetFiles)) expect(coloursOf(file).sort(), file).toEqual((ownColours[file] ?? []).sort());
  });
});
