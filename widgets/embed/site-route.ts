/**
 * A link to one of our pages as `gs:navigate` names it: the path as our site names the page (the
 * locale prefix removed) with its query, so `/eng/orderPayment?id=5` is `/orderPayment?id=5`.
 */
export const siteRoute = (link: { pathname: string; search: string }): string =>
  link.pathname.replace(/^\/(zht|eng)(?=\/)/, '') + link.search;
