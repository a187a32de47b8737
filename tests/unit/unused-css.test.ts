import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../helpers/source-files.ts';
import { classesOf, withoutUnusedRules, writesClass } from '../../scripts/unused-css.ts';

describe("a widget's style sheet without the rules its markup cannot match", () => {
  const css =
    '.a{color:red}.b .c,.d{color:blue}@media(min-width:1px){.a{margin:0}.e{margin:1px}}@keyframes spin{to{transform:rotate(1turn)}}:host{display:block}a[href$=".pdf"]{color:green}.f:is(.a,.g){margin:2px}';

  it('keeps the rules of classes the code writes, and those without a class', () => {
    expect(withoutUnusedRules(css, 'h("p",{className:"a"})')).toBe(
      '.a{color:red}@media(min-width:1px){.a{margin:0}}@keyframes spin{to{transform:rotate(1turn)}}:host{display:block}a[href$=".pdf"]{color:green}',
    );
  });

  it('keeps each selector of a list that no class rules out', () => {
    expect(withoutUnusedRules('.b .c,.d{color:blue}', '"d"')).toBe('.d{color:blue}');
    expect(withoutUnusedRules('.b .c,.d{color:blue}', '"b c"')).toBe('.b .c{color:blue}');
  });

  it('counts a class the code builds from a written start', () => {
    expect(writesClass('className:`gs-dig__status gs-dig__status--${e}`', 'gs-dig__status--online')).toBe(true);
    expect(writesClass('className:"gs-step--"+e', 'gs-step--done')).toBe(true);
    expect(writesClass('className:"gs-dig__status"', 'gs-dig__status--online')).toBe(false);
    expect(writesClass('className:"button--small"', 'button')).toBe(false);
    expect(writesClass('className:"button button--small"', 'button')).toBe(true);
  });

  it('reads classes, not attribute values or strings', () => {
    expect(classesOf('a[href$=".pdf"]')).toEqual([]);
    expect(classesOf('.gs-pay__accounts>li.gs-pay__account--demo')).toEqual(['gs-pay__accounts', 'gs-pay__account--demo']);
  });
});

/** The widgets' markup, as the sources write it. */
describe('class names in the widgets are written so the build can read them', () => {
  it('builds a class only by completing a written start, or by choosing among written names', () => {
    const loose: string[] = [];
    for (const file of sourceFiles('widgets')) {
      const code = fs.readFileSync(file, 'utf8');
      for (const match of code.matchAll(/className=\{([^}]*(?:\{[^}]*\}[^}]*)*)\}/g)) {
        const expression = match[1] ?? '';
        // A name chosen at run time must be one written whole (a string in the expression)…
        if (!/['"`]/.test(expression)) loose.push(`${file}: ${expression}`);
        // …or a written start completed at run time: `gs-x--${state}`, never `${block}__x`.
        for (const hole of expression.matchAll(/(.)\$\{([^}]*)\}/g)) {
          if (!/[\w-]/.test(hole[1] ?? '') && !/['"]/.test(hole[2] ?? '')) loose.push(`${file}: ${expression}`);
        }
      }
    }
    expect(loose).toEqual([]);
  });
});
