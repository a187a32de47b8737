/**
 * Member routes the partner page's realm may not call through the session frame (decision 054):
 * any script of that page can reach our widget code there, so these run only in our own frames,
 * where the member types or confirms them. Listed here are those no widget on a partner page
 * calls; the bank card, verification and withdrawal routes join the list once their widgets run
 * in frames (the decision names them).
 */
const frameOnly: readonly (readonly [method: string, path: RegExp])[] = [
  // The login and register frames call these themselves, on our origin.
  ['POST', /^\/v1\/(login|register|password\/reset)$/],
  // The password and referrer change runs in the <gs-edit-user> frame, on a channel of its own.
  ['PUT', /^\/v1\/user\/updatepasswordandparent(\/|$)/],
  // So does the change of phone and e-mail, which takes the password too.
  ['PUT', /^\/v1\/user\/contact(\/|$)/],
  // The whole member record and the identity photos: personal data no page widget shows this way.
  ['GET', /^\/v1\/user(\/|$)/],
  ['GET', /^\/v1\/image(\/|$)/],
];

/**
 * True for a call the page may not make: a frame-only route, or a path that does not plainly name
 * one of ours (escapes, dot segments out of the API), so no spelling slips past the list.
 */
export function isFrameOnly(method: string, path: string): boolean {
  const raw = path.split('?')[0] ?? '';
  if (/[%\\]/.test(raw)) return true;
  const { pathname } = new URL(`/api${raw}`, 'https://api.invalid');
  if (!pathname.startsWith('/api/')) return true;
  const plain = pathname
    .slice(4)
    .replace(/\/{2,}/g, '/')
    .replace(/(.)\/$/, '$1')
    .toLowerCase();
  return frameOnly.some(([only, pattern]) => only === method.toUpperCase() && pattern.test(plain));
}
