import type { FastifyInstance, FastifyRequest } from 'fastify';
import { amountDecimalsMax, decimalText, integerText } from '../shared/number-text.ts';

/**
 * One gate for hostile input, in front of the schema validator (which runs without type
 * coercion). It walks the request's body, query and path parameters beside the route's schema:
 *
 * - Numbers and ids are read from text only in canonical decimal form ("12", "0.5", at most four
 *   decimals): "0x10", "1e400", "Infinity", " 1", "+1", "01" and "" stay text, so the validator
 *   refuses them instead of reading another record's id or a number no column can hold.
 * - Booleans are read from "true" and "false" only; a JSON `true` is never a number.
 * - Every text (keys too) is refused when it carries a NUL, another C0 or C1 control character,
 *   an unpaired surrogate, or U+FFFD (what a decoder leaves for bytes that were not UTF-8):
 *   such text would be rejected by the database, corrupt a log or be stored garbled.
 *   Fields marked multi-line (`x-multiline`) may carry line feeds; CR LF becomes LF.
 *
 * A refusal is a validation error, so the client gets 422 with the field at fault and nothing
 * reaches a handler.
 */

/** Schema annotation: a text field that may hold several lines. */
export const multilineKey = 'x-multiline';
/** Schema annotation: a text field that also takes a JSON number and reads it as its decimal text (amounts). */
export const numberAsTextKey = 'x-number-as-text';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  [multilineKey]?: boolean;
  [numberAsTextKey]?: boolean;
}

export interface InputProblem {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
}

/** Number fields read text in the one request grammar (`shared/number-text.ts`): at most four decimals. */
const numberText = decimalText(amountDecimalsMax, { signed: true });
// Control characters are exactly what these patterns look for.
// eslint-disable-next-line no-control-regex
const forbiddenInLine = /[\u0000-\u001f\u007f-\u009f\ufffd]/;
// eslint-disable-next-line no-control-regex
const forbiddenInText = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\ufffd]/;

/** The JSON types a schema (or any branch of its union) accepts. */
function acceptedTypes(schema: Schema | undefined): Set<string> {
  const types = new Set<string>();
  if (schema === undefined) return types;
  if (typeof schema.type === 'string') types.add(schema.type);
  if (Array.isArray(schema.type)) schema.type.forEach((type) => types.add(type));
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) acceptedTypes(branch).forEach((type) => types.add(type));
  return types;
}

/** The first branch of a union (or the schema itself) that accepts a JSON type. */
function branchFor(schema: Schema | undefined, type: string): Schema | undefined {
  if (schema === undefined) return undefined;
  if (schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type))) return schema;
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const found = branchFor(branch, type);
    if (found !== undefined) return found;
  }
  return undefined;
}

function isMultiline(schema: Schema | undefined): boolean {
  return schema !== undefined && (schema[multilineKey] === true || (schema.anyOf ?? []).some(isMultiline));
}

export function textProblem(text: string, multiline: boolean): boolean {
  if (!text.isWellFormed()) return true;
  return (multiline ? forbiddenInText : forbiddenInLine).test(text);
}

/** Reads canonical text as the number or boolean the schema wants; anything else is left for the validator to refuse. */
function readScalar(text: string, types: Set<string>): unknown {
  if (types.has('string') || types.size === 0) return text;
  if (types.has('integer') && integerText.test(text)) {
    const value = Number(text);
    if (Number.isSafeInteger(value)) return value;
  }
  if (types.has('number') && numberText.test(text) && text !== '-0') {
    const value = Number(text);
    if (Number.isFinite(value)) return value;
  }
  if (types.has('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** Returns the value as the validator should see it, recording any text that must be refused. */
export function conform(value: unknown, schema: Schema | undefined, path: string, problems: InputProblem[]): unknown {
  const types = acceptedTypes(schema);
  if (typeof value === 'string') {
    const stringSchema = branchFor(schema, 'string');
    const multiline = isMultiline(stringSchema ?? schema);
    // A browser's form submission sends a textarea's line breaks as CR LF.
    const text = multiline ? value.replaceAll('\r\n', '\n') : value;
    if (textProblem(text, multiline)) {
      problems.push(characterProblem(path));
      return value;
    }
    return readScalar(text, types);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) problems.push({ instancePath: path, keyword: 'type', params: {}, message: 'must be a finite number' });
    const textSchema = branchFor(schema, 'string');
    if (!types.has('number') && !types.has('integer') && textSchema?.[numberAsTextKey] === true) return String(value);
    return value;
  }
  if (Array.isArray(value)) {
    const items = branchFor(schema, 'array')?.items;
    return value.map((item, index) => conform(item, items, `${path}/${index}`, problems));
  }
  if (isPlainRecord(value)) {
    const objectSchema = branchFor(schema, 'object');
    const record = value;
    for (const key of Object.keys(record)) {
      if (textProblem(key, false)) {
        problems.push(characterProblem(path === '' ? '/request' : path));
        continue;
      }
      const extra = objectSchema?.additionalProperties;
      const fieldSchema = objectSchema?.properties?.[key] ?? (typeof extra === 'object' ? extra : undefined);
      record[key] = conform(record[key], fieldSchema, `${path}/${key}`, problems);
    }
    return record;
  }
  return value;
}

/** Parsed JSON, form and query objects only; a multipart body or a buffer is not text to walk. */
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  // Fastify's path parameters come in a class whose prototype has no prototype of its own.
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}

function characterProblem(path: string): InputProblem {
  return { instancePath: path, keyword: 'characters', params: {}, message: 'must not contain control characters' };
}

class StrictInputError extends Error {
  readonly statusCode = 422;
  readonly validation: InputProblem[];
  readonly validationContext: string;
  constructor(problems: InputProblem[], context: string) {
    super('Parameter validation error.');
    this.validation = problems;
    this.validationContext = context;
  }
}

const requestParts = [
  ['params', 'params'],
  ['querystring', 'query'],
  ['body', 'body'],
] as const;

/** Registers the gate for every route added after it (call before the routes). */
export function registerStrictInput(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per request for a walk that never waits (issue 39).
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const schema = request.routeOptions.schema as Partial<Record<string, Schema>> | undefined;
    for (const [schemaPart, requestPart] of requestParts) {
      const value: unknown = request[requestPart];
      if (value === undefined || value === null) continue;
      const problems: InputProblem[] = [];
      const conformed = conform(value, schema?.[schemaPart], '', problems);
      if (problems.length > 0) return done(new StrictInputError(problems, schemaPart));
      if (requestPart === 'body') request.body = conformed;
    }
    done();
  });
}
