import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../helpers/source-files.ts';

/**
 * Issue 32 item 3, decision 068: a screen reads an API answer through the type its route schema declares, exported
 * by contract/api/ (`Static<typeof schema>`), never through an interface written again in widgets/. This test reads
 * every call that names an answer's type (`apiRequest<T>`, `adminRequest<T>`, `usePagedList<T>`, `allPages<T>`,
 * `Paged<T>`) and fails on a type that is written inline or imported from anywhere but contract/api/.
 */
const root = path.resolve(import.meta.dirname, '../..');
const answerCalls = /\b(apiRequest|adminRequest|usePagedList|allPages|Paged)</g;
/** Names a type argument may use besides contract/api/'s: wrappers and the language's own. */
const wrappers = new Set(['Paged', 'Array', 'Record', 'string', 'number', 'boolean', 'null', 'undefined', 'unknown', 'void', 'never', 'T']);

/** The text between `<` at `start` and its matching `>`. */
function typeArgument(source: string, start: number): string {
  let depth = 0;
  for (let at = start; at < source.length; at += 1) {
    if (source[at] === '<') depth += 1;
    if (source[at] === '>' && source[at - 1] !== '=') depth -= 1;
    if (depth === 0) return source.slice(start + 1, at);
  }
  return source.slice(start + 1);
}

/** Type names a file imports from contract/api/. */
function contractTypes(source: string): Set<string> {
  const names = new Set<string>();
  for (const match of source.matchAll(/import (?:type )?\{([^}]*)\} from '[./]*contract\/api\/[\w-]+\.ts'/g)) {
    for (const part of (match[1] ?? '').split(','))
      names.add(
        part
          .replace(/^\s*type\s+/, '')
          .trim()
          .split(/\s+as\s+/)
          .pop() ?? '',
      );
  }
  return names;
}

function problems(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const allowed = contractTypes(source);
  const found: string[] = [];
  for (const match of source.matchAll(answerCalls)) {
    const argument = typeArgument(source, (match.index ?? 0) + (match[1] ?? '').length);
    const where = `${path.relative(root, file)}: ${match[1]}<${argument}>`;
    if (argument.includes('{')) {
      found.push(`${where} is written inline`);
      continue;
    }
    for (const name of argument.match(/[A-Za-z_]\w*/g) ?? []) {
      if (!wrappers.has(name) && !allowed.has(name)) found.push(`${where}: ${name} is not imported from contract/api/`);
    }
  }
  return found;
}

describe('API answers in the widgets', () => {
  it('are typed by contract/api/, from the route schemas', () => {
    expect(sourceFiles(path.join(root, 'widgets')).flatMap(problems)).toEqual([]);
  });
});
