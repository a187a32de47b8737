import type { FastifyInstance } from 'fastify';

/**
 * Remembers every route's path pattern and methods so that a request for a known path with
 * the wrong method gets 405 with an Allow header instead of a bare 404.
 */
export class RouteTable {
  private readonly routes: { pattern: RegExp; methods: Set<string> }[] = [];

  watch(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      // Catch-alls (the static site, CORS preflight) would make every path look known.
      if (route.url === '*' || route.url.endsWith('/*')) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      this.routes.push({ pattern: toPattern(route.url), methods: new Set(methods) });
    });
  }

  /** Methods allowed on this path, or an empty list when no route matches it at all. */
  allowedMethods(path: string): string[] {
    const allowed = new Set<string>();
    for (const route of this.routes) {
      if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
    }
    return [...allowed].sort();
  }
}

function toPattern(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}
