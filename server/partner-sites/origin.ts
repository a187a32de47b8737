/** Longest origin kept: far beyond any real host name with a port. */
export const originMaxLength = 200;

/**
 * A web origin as browsers send it in the Origin header (`scheme://host[:port]`, lower case, no
 * default port, IDN hosts in punycode), from what an operator typed or a page passed in; undefined
 * for anything that is not exactly an http(s) origin: a path, a query, a fragment, credentials or
 * another scheme. One trailing slash is forgiven, since it is what a copied address often ends with.
 */
export function normaliseOrigin(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.length > originMaxLength || !/^https?:\/\/[^\s/?#\\@]+\/?$/i.test(trimmed)) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') return undefined;
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.hostname === '') return undefined;
  return url.origin;
}
