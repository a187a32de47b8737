import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../helpers/source-files.ts';
import { embedReference } from '../../site/lib/embed-docs.ts';
import { screenElements } from '../../widgets/screens/registry.ts';

/**
 * The partner documentation lists every route a widget's link can name in `gs:navigate`: a
 * partner routes by that table, so a link added to a screen without a row there would leave
 * partners unable to keep members on their site.
 */
const reference = embedReference((key) => key);
const documented = reference.routes.flatMap((entry) => entry.paths.map((route) => route.replace(/\?.*$/, '')));

function widgetSources(dir: string): string[] {
  return sourceFiles(dir).filter((file) => !file.includes(`${path.sep}admin${path.sep}`));
}

/** Routes of our pages that widgets link to: literal `siteHref(locale, '/…')` calls but the site's own redirects, and the settings menu's. */
function linkedRoutes(): Set<string> {
  const routes = new Set<string>();
  for (const file of widgetSources('widgets')) {
    const code = fs.readFileSync(file, 'utf8');
    for (const match of code.matchAll(/(?<!location\.assign\()siteHref\(locale, '([^']+)'\)/g)) routes.add(match[1] ?? '');
    for (const match of code.matchAll(/\{ route: '([^']+)', label: /g)) routes.add(match[1] ?? '');
  }
  return routes;
}

describe('the partner documentation’s routes of gs:navigate', () => {
  it('names every route a widget links to', () => {
    const linked = linkedRoutes();
    expect(linked.size).toBeGreaterThan(10);
    // The edit page is never linked on a partner's page: Edit opens the card beside the list there.
    const missing = [...linked].filter((route) => route !== '/setting/updateCard' && !documented.includes(route));
    expect(missing).toEqual([]);
  });

  it('names only elements that exist', () => {
    for (const { element } of reference.routes) if (element !== null) expect(Object.keys(screenElements)).toContain(element);
  });
});
