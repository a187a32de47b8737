/**
 * The member object's personal fields. The partner page's realm is readable by every script on it,
 * so none of these reaches it unless a widget on the page displays that field (issue 34): the
 * session frame strips the rest from everything it posts to the page. The identity photos are
 * shown by no widget on a partner page, so they never go.
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

/** The personal fields each widget displays: the verification screen shows what was sent and prefills a correction. */
const displayedBy: Record<string, readonly string[]> = {
  'gs-verify': ['realname', 'phone', 'email', 'certificates_id', 'certificate_number'],
};

/** The personal fields the page's widgets display, all of them together. */
export function displayedFields(tags: Iterable<string>): Set<string> {
  const fields = new Set<string>();
  for (const tag of tags) for (const field of Object.hasOwn(displayedBy, tag) ? displayedBy[tag]! : []) fields.add(field);
  return fields;
}

/**
 * A value as the page may have it: any member object in it (an object with a `username`, the whole
 * value or one level down) loses the personal fields no widget of the page displays.
 */
export function pageView<T>(value: T, displayed: ReadonlySet<string>): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const kept: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if ('username' in kept) for (const field of personalFields) if (!displayed.has(field)) delete kept[field];
  for (const [key, inner] of Object.entries(kept))
    if (typeof inner === 'object' && inner !== null && !Array.isArray(inner) && 'username' in inner) kept[key] = pageView(inner, displayed);
  return kept as T;
}
