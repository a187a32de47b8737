import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { guardedRoutes, isGuarded } from './guard.ts';

describe('guarded routes', () => {
  it('are the routes the original app marks as needing a login', () => {
    for (const route of ['/wallet', '/edit-user', '/setting/bank', '/setting/verify', '/setting/order', '/cart']) {
      expect(isGuarded(route), route).toBe(true);
    }
  });

  it('ignore the locale prefix, a trailing slash, a query and a fragment', () => {
    expect(isGuarded('/eng/cart')).toBe(true);
    expect(isGuarded('/zht/edit-user/')).toBe(true);
    expect(isGuarded('/setting/order?page=2')).toBe(true);
    expect(isGuarded('/wallet#history')).toBe(true);
  });

  it('also cover the member-only screens the original app leaves unmarked, and leave the visitor screens open', () => {
    for (const route of ['/wallet/transactions', '/wallet/withdraw', '/setting/addBank', '/setting/order/checkpayment', '/dig']) {
      expect(isGuarded(route), route).toBe(true);
    }
    for (const route of [
      '/',
      '/home',
      '/home/shopping',
      '/fun',
      '/setting',
      '/setting/language',
      '/setting/about',
      '/login',
      '/register',
    ]) {
      expect(isGuarded(route), route).toBe(false);
    }
  });

  it('are enforced by every built page of a guarded route: its island is declared login-only', () => {
    for (const route of guardedRoutes) {
      const page = [`site/pages/[...lang]${route}.astro`, `site/pages/[...lang]${route}/index.astro`].find((file) => fs.existsSync(file));
      if (page === undefined) continue;
      const islands = [...fs.readFileSync(page, 'utf8').matchAll(/from '([^']+\.island\.tsx)'/g)].map((match) => match[1] ?? '');
      const guarded = islands.some((island) =>
        /\bguard: RequireLogin\b/.test(fs.readFileSync(path.resolve(path.dirname(page), island), 'utf8')),
      );
      expect(guarded, `${page} declares its screen with the RequireLogin guard`).toBe(true);
    }
  });
});
