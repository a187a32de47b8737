/**
 * Leaves out of a minified style sheet the rules no element of a widget can match: a selector
 * naming a class that the widget's code never writes. The code is all a widget renders (its
 * screen and every module that screen imports, at once or later, and the runtime around it), so
 * a class it never spells cannot be on any element of its shadow root.
 *
 * A class counts as written when its name stands in the code whole, or when the code builds it
 * from a written start: `gs-dig__status--${state}` writes every class that starts with
 * `gs-dig__status--` (as does "gs-dig__status--" + state). The widgets build class names only so
 * (tests/unit/unused-css.test.ts checks their sources). Rules without a class (`:host`, `a`,
 * `@keyframes`) are kept, and so is every selector of a list that one class does not rule out.
 */

interface Rule {
  prelude: string;
  body: string;
}

/** Index of the first `stop` outside quotes and parentheses, from `from`. */
function scan(text: string, from: number, stop: (char: string, depth: number) => boolean): number {
  let depth = 0;
  let quote = '';
  for (let index = from; index < text.length; index += 1) {
    const char = text[index] ?? '';
    if (quote !== '') {
      if (char === '\\') index += 1;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (stop(char, depth)) return index;
    else if (char === '(' || char === '{') depth += 1;
    else if (char === ')' || char === '}') depth -= 1;
  }
  return text.length;
}

/** The top-level rules and at-rules of a sheet: what stands before each block, and the block's inside. */
function rules(css: string): Rule[] {
  const found: Rule[] = [];
  let at = 0;
  while (at < css.length) {
    const open = scan(css, at, (char, depth) => char === '{' && depth === 0);
    const close = scan(css, open + 1, (char, depth) => char === '}' && depth === 0);
    const prelude = css.slice(at, open).trim();
    if (prelude !== '') found.push({ prelude, body: css.slice(open + 1, close) });
    at = close + 1;
  }
  return found;
}

/** The selectors of a list, split at the commas outside parentheses (`:is(.a, .b)` stays one). */
function selectors(list: string): string[] {
  const parts: string[] = [];
  let at = 0;
  for (;;) {
    const comma = scan(list, at, (char, depth) => char === ',' && depth === 0);
    parts.push(list.slice(at, comma));
    if (comma >= list.length) return parts;
    at = comma + 1;
  }
}

/** The class names a selector asks for (attribute values and strings are not classes). */
export function classesOf(selector: string): string[] {
  const bare = selector.replace(/\[[^\]]*\]/g, '').replace(/(["']).*?\1/g, '');
  return [...bare.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1] ?? '');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** Whether `code` writes the class `name`, whole or from a start it completes at run time. */
export function writesClass(code: string, name: string): boolean {
  if (new RegExp(`(?<![\\w-])${escape(name)}(?![\\w-])`).test(code)) return true;
  for (let end = name.length - 1; end > 0; end -= 1) {
    if (!/[-_]/.test(name[end - 1] ?? '')) continue;
    const start = escape(name.slice(0, end));
    if (new RegExp(`(?<![\\w-])${start}(?:\\$\\{|["'\`]\\s*\\+)`).test(code)) return true;
  }
  return false;
}

/** The sheet less the rules and selectors that name a class `code` never writes. */
export function withoutUnusedRules(css: string, code: string): string {
  const known = new Map<string, boolean>();
  const written = (name: string) => {
    let answer = known.get(name);
    if (answer === undefined) {
      answer = writesClass(code, name);
      known.set(name, answer);
    }
    return answer;
  };
  return rules(css)
    .map(({ prelude, body }) => {
      if (/^@(media|supports|container|layer)\b/.test(prelude)) {
        const inside = withoutUnusedRules(body, code);
        return inside === '' ? '' : `${prelude}{${inside}}`;
      }
      if (prelude.startsWith('@')) return `${prelude}{${body}}`;
      const kept = selectors(prelude).filter((selector) => classesOf(selector).every(written));
      return kept.length === 0 ? '' : `${kept.join(',')}{${body}}`;
    })
    .join('');
}
