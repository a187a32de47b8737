import { RefusedInput } from './refused-input.ts';

/**
 * Parses an application/x-www-form-urlencoded body with the bracket notation the original
 * app's clients send (`item_content[0][product_id]=1`) into nested objects and arrays.
 * Keys are limited in depth and count so a hostile body cannot build a huge structure.
 */
const depthMax = 4;
const fieldsMax = 200;
const unsafeKeys = new Set(['__proto__', 'prototype', 'constructor']);

export class FormBodyError extends Error {
  override name = 'FormBodyError';
}

type FormValue = string | FormObject | FormValue[];
interface FormObject {
  [key: string]: FormValue;
}

export function parseFormBody(body: string): FormObject {
  const params = new URLSearchParams(body);
  const root: FormObject = Object.create(null) as FormObject;
  let count = 0;
  for (const [key, value] of params) {
    count += 1;
    if (count > fieldsMax) throw new FormBodyError(`A form may carry at most ${fieldsMax} fields`);
    assign(root, splitKey(key), value, key);
  }
  return normaliseArrays(root) as FormObject;
}

function splitKey(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (match === null) throw new FormBodyError(`Malformed field name "${key.slice(0, 40)}"`);
  const [, head = '', rest = ''] = match;
  const parts = [head, ...Array.from(rest.matchAll(/\[([^[\]]*)\]/g), (m) => m[1] ?? '')];
  if (parts.length > depthMax + 1) throw new FormBodyError('Form fields are nested too deeply');
  if (parts.some((part) => unsafeKeys.has(part))) throw new FormBodyError('Form field name not allowed');
  return parts;
}

/**
 * Puts one field in place. A field given twice (`amount=100&amount=200`) is refused: read as either
 * value, the server would act on something the client may not have meant.
 */
function assign(target: FormObject, parts: string[], value: string, name: string): void {
  let node = target;
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    const key = part === '' ? String(Object.keys(node).length) : part;
    if (last) {
      if (node[key] !== undefined) throw new RefusedInput(fieldName(name), 'This field is given more than once.');
      node[key] = value;
      return;
    }
    const existing = node[key];
    if (existing === undefined || typeof existing === 'string' || Array.isArray(existing)) {
      node[key] = Object.create(null) as FormObject;
    }
    node = node[key] as FormObject;
  });
}

/** A field named in the refusal only when it looks like a field name: anything else could be anything. */
function fieldName(name: string): string {
  return /^[A-Za-z0-9_[\]]{1,60}$/.test(name) ? name : 'request';
}

/** Objects whose keys are exactly 0..n-1 become arrays. */
function normaliseArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, normaliseArrays(value[key] as FormValue)] as const);
  const isList = keys.length > 0 && keys.every((key, index) => key === String(index));
  if (isList) return entries.map(([, item]) => item);
  const result: FormObject = {};
  for (const [key, item] of entries) result[key] = item;
  return result;
}
