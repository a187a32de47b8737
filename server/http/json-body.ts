import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RefusedInput } from './refused-input.ts';

/**
 * Deepest nesting of arrays and objects a JSON body may have. The deepest body the API takes (a
 * brand-site section inside its request) is 6 levels; beyond 16 a body is an attack on the
 * recursive walks that read it (strict input, the validator), not a request.
 */
export const jsonDepthMax = 16;
/** Most object keys in one JSON body: the largest real one (a brand-site section) has under 100. */
export const jsonKeysMax = 1000;

const requestField = 'request';

interface Frame {
  /** Keys seen in this object; null for an array. */
  keys: Set<string> | null;
}

/**
 * Checks a JSON body's shape from its raw text, before it is parsed: depth, key count and keys given
 * twice (`{"amount":"100","amount":"250"}` would otherwise be read as its last value, silently). One
 * pass over the text, no recursion; what is not JSON is left for the parser to refuse.
 */
export function checkJsonShape(text: string): void {
  const stack: Frame[] = [];
  let keys = 0;
  // The last character that was not white space and not inside a string: a string after `{` or `,` in an object is a key.
  let previous = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '"') {
      const end = stringEnd(text, index);
      const frame = stack.at(-1);
      if (frame?.keys != null && (previous === '{' || previous === ',')) {
        keys += 1;
        if (keys > jsonKeysMax) throw new RefusedInput(requestField, `A JSON body may carry at most ${jsonKeysMax} keys.`);
        const key = keyText(text.slice(index, end + 1));
        if (frame.keys.has(key)) throw new RefusedInput(fieldName(key), 'This field is given more than once.');
        frame.keys.add(key);
      }
      previous = '"';
      index = end;
    } else if (char === '{' || char === '[') {
      stack.push({ keys: char === '{' ? new Set() : null });
      if (stack.length > jsonDepthMax)
        throw new RefusedInput(requestField, `A JSON body may be nested at most ${jsonDepthMax} levels deep.`);
      previous = char;
    } else if (char === '}' || char === ']') {
      stack.pop();
      previous = char;
    } else if (char !== ' ' && char !== '\n' && char !== '\r' && char !== '\t') {
      previous = char ?? '';
    }
  }
}

/** A key named in the refusal only when it looks like a field name: anything else could be anything. */
function fieldName(key: string): string {
  return /^[A-Za-z0-9_]{1,40}$/.test(key) ? key : requestField;
}

/** The index of the quote that closes the string opening at `start` (the text's end when it is never closed). */
function stringEnd(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length) {
    const char = text[index];
    if (char === '\\') index += 2;
    else if (char === '"') return index;
    else index += 1;
  }
  return text.length;
}

/** A key as the parser will read it (`"\u0061"` is `a`); a key that is not valid JSON text is compared as written. */
function keyText(token: string): string {
  try {
    return JSON.parse(token) as string;
  } catch {
    return token;
  }
}

/**
 * Replaces Fastify's JSON parser with one that checks the shape first, then parses with Fastify's
 * own (which refuses `__proto__` and `constructor` keys). Call before the routes.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body, done) => {
    const text = String(body);
    try {
      checkJsonShape(text);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    parse(request, text, done);
  });
}
