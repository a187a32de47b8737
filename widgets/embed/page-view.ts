/**
 * The member object's personal fields. The partner page's realm is readable by every script on it,
 * so none of these ever reaches it (decision 054): the screens that display them (verification, the
 * contact change) run in our frames, and the session frame strips them from everything it posts to
 * the page.
 */
const personalFields = [
  'realname',
  'phone',
  'email',
  'certificates_id',
  'certificate_number',
  'certificate_front',
  'certificate_back',
  'certificate_handle',
] as const;

/**
 * A value as the page may have it: any member object in it (an object with a `username`, at any
 * depth, in a list or not) loses its personal fields. API answers are plain data, never cyclic.
 */
export function pageView<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => pageView(item)) as T;
  const kept: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if ('username' in kept) for (const field of personalFields) delete kept[field];
  for (const [key, inner] of Object.entries(kept)) kept[key] = pageView(inner);
  return kept as T;
}
