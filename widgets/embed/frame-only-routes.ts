/**
 * Member routes the partner page's realm may not call through the session frame (decision 054):
 * any script of that page can reach our widget code there, so these run only in our own frames,
 * where the member types or confirms them.
 */
const frameOnly: readonly (readonly [method: string, path: RegExp])[] = [
  // The login and register frames call these themselves, on our origin.
  ['POST', /^\/v1\/(login|register|password\/reset)$/],
  // The member record: reading it gives personal data; changing it is verification, the password and referrer, the contact.
  ['*', /^\/v1\/user(\/|$)/],
  // The identity photos.
  ['GET', /^\/v1\/image(\/|$)/],
  // The bank cards: where withdrawals are paid, with the holder's name and the whole number.
  ['*', /^\/v1\/bankcard(\/|$)/],
  // Money leaving the member.
  ['POST', /^\/v1\/withdraw$/],
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
  return frameOnly.some(([only, pattern]) => (only === '*' || only === method.toUpperCase()) && pattern.test(plain));
}
