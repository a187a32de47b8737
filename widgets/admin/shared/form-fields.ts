/**
 * The body as the form-encoded fields the API client sends: `names[zhs]`, `pictures[0]`,
 * `certificates[0][name]` (the server reads the brackets back into objects and lists).
 */
export function formFields(value: unknown, key = ''): Record<string, unknown> {
  if (Array.isArray(value)) return Object.assign({}, ...value.map((item, index) => formFields(item, `${key}[${index}]`)));
  if (typeof value === 'object' && value !== null)
    return Object.assign({}, ...Object.entries(value).map(([name, item]) => formFields(item, key === '' ? name : `${key}[${name}]`)));
  return { [key]: value };
}
