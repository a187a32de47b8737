import fs from 'node:fs';
import path from 'node:path';

type Catalogue = Record<string, string>;

/** The three catalogues, each read once: every key a screen asks for by name must be in each (decision 067). */
const checkedLocales = ['zhs', 'zht', 'eng'];
const read = new Map<string, Catalogue>();
function readCatalogue(folder: string, locale: string): Catalogue {
  const file = path.resolve(folder, `${locale}.json`);
  let words = read.get(file);
  if (words === undefined) {
    words = JSON.parse(fs.readFileSync(file, 'utf8')) as Catalogue;
    read.set(file, words);
  }
  return words;
}

/** Comments may quote a key in passing; they ask for nothing. A `//` after a colon is a URL's, not a comment. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** A module's relative imports, static and lazy: what else it may show. */
function importsOf(file: string, source: string): string[] {
  const specifiers = source.matchAll(/(?:(?:import|export)(?!\s+type\b)[^'";]*?from\s+|import\(\s*)'(\.[^']+\.tsx?)'/g);
  return [...specifiers].map((match) => path.resolve(path.dirname(file), match[1] ?? ''));
}

/**
 * The single-quoted literals that may be a key picked through a variable (`t(statusKeys[status])` over
 * `{ 1: 'order_status_pending' }`): not a quoted property name or `case` (`'loading':`), not one side of
 * a comparison (`code === 'session_expired'` tests a refusal code) and not a member of a type union.
 */
const keyLikeLiteral = /(?<!(?:[=!]==?|[^|]\|)\s*)'([a-z][a-z0-9_]*)'(?!:|\s*(?:[=!]==?|\|(?!\|)))/g;

/** The start of keys a module completes at run time: a template's (`` `notice_${kind}` ``) or a quoted prefix's (`keys="admin_recv_"`). */
const keyPrefix = /(?:`([a-z][a-z0-9]*_[a-z0-9_]*)\$\{|['"]([a-z][a-z0-9]*_[a-z0-9_]*_)['"])/g;

/** A list of the refusal codes a screen words by their own message (`const cartRefusals = [...]`), each worded by `refusal_<code>`. */
const refusalList = /Refusals\s*=\s*\[([^\]]*)\]/g;

/**
 * The words one module asks for: each `t('key')`, checked against the three catalogues; each key a
 * template `prefix_${…}` or a quoted `'prefix_'` can make (every catalogue key with that prefix), but for
 * `refusal_${code}`, whose codes a screen lists by name (`*Refusals`); and each other key-like literal
 * that is a catalogue key.
 */
function wordsOf(file: string, source: string, catalogue: (locale: string) => Catalogue, found: Set<string>): void {
  const known = catalogue('zhs');
  for (const [, key = ''] of source.matchAll(/\bt\(\s*'([^']+)'/g)) {
    const missing = checkedLocales.filter((locale) => !Object.hasOwn(catalogue(locale), key));
    if (missing.length > 0) {
      const lacking = missing.map((locale) => `locales/${locale}.json`).join(', ');
      throw new Error(`${path.relative(process.cwd(), file)} asks for t('${key}'), which ${lacking} lack`);
    }
    found.add(key);
  }
  for (const [, template, quoted] of source.matchAll(keyPrefix)) {
    const prefix = template ?? quoted ?? '';
    if (prefix === 'refusal_') continue;
    for (const key of Object.keys(known)) if (key.startsWith(prefix)) found.add(key);
  }
  for (const [, list = ''] of source.matchAll(refusalList)) {
    for (const [, code = ''] of list.matchAll(/'([a-z0-9_]+)'/g)) if (Object.hasOwn(known, `refusal_${code}`)) found.add(`refusal_${code}`);
  }
  for (const [, literal = ''] of source.matchAll(keyLikeLiteral)) {
    if (Object.hasOwn(known, literal)) found.add(literal);
  }
}

/**
 * The message keys a module and everything it imports ask for, followed through relative imports,
 * static and lazy: the words its page or element must carry, worked out at build time so no list is
 * kept by hand. `leaveOut` names modules the caller's build drops (a partner page never gets the
 * login overlay). Throws, naming file and key, when a `t('key')` is missing from a catalogue.
 * Paths are the project's, from its root (where every build runs); `catalogues` is the locales' folder.
 */
export function keysAskedBy(entries: string | readonly string[], leaveOut: readonly string[] = [], catalogues = 'locales'): string[] {
  const catalogue = (locale: string) => readCatalogue(catalogues, locale);
  const seen = new Set(leaveOut.map((file) => path.resolve(file)));
  const found = new Set<string>();
  const pending = (typeof entries === 'string' ? [entries] : [...entries]).map((file) => path.resolve(file));
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = withoutComments(fs.readFileSync(file, 'utf8'));
    wordsOf(file, source, catalogue, found);
    pending.push(...importsOf(file, source));
  }
  return [...found].sort();
}
