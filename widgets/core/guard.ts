import { splitLocalePath } from '../../locales/index.ts';

/**
 * The original app's routes that carry the authentication marker (docs/original-app.md): entered only when logged in,
 * otherwise the login prompt shows instead of the screen. The pages of these routes render
 * their island inside RequireLogin (widgets/auth/RequireLogin.tsx).
 */
export const guardedRoutes = [
  '/wallet',
  '/edit-user',
  '/setting/bank',
  '/setting/verify',
  '/setting/order',
  '/cart',
  // Beyond the original app's markers: screens that show or change nothing but the member's own data.
  '/setting/addBank',
  '/setting/updateCard',
  '/setting/order/checkpayment',
  '/wallet/transactions',
  '/wallet/statement',
  '/wallet/withdraw',
  '/dig',
  '/addmachine',
] as const;

/** Whether a route (with or without a locale prefix, query or trailing slash) needs a login. */
export function isGuarded(route: string): boolean {
  const pathname = route.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1');
  const inLocale = splitLocalePath(pathname).route;
  return (guardedRoutes as readonly string[]).includes(inLocale);
}
