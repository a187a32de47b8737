import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';

/** Laravel's default page size, which the original app's screens were built around. */
export const perPageDefault = 15;
/** Far beyond any real history; keeps OFFSET arithmetic small. */
const pageMax = 1_000_000;
/** Page links shown on each side of the current one, as Laravel's paginator does. */
const linksEachSide = 3;

export const pageField = Type.Optional(
  Type.Integer({ minimum: 1, maximum: pageMax, default: 1, description: '1-based page; past the end gives empty data' }),
);

export interface PageLink {
  url: string | null;
  label: string;
  active: boolean;
}

export interface Paginated<T> {
  current_page: number;
  per_page: number;
  last_page: number;
  total: number;
  from: number | null;
  to: number | null;
  data: T[];
  links: PageLink[];
  first_page_url: string;
  last_page_url: string;
  prev_page_url: string | null;
  next_page_url: string | null;
  path: string;
}

/** The paged-list schema of the API contract (Laravel's paginator), around an item schema. */
export const paginatedOf = <T extends TSchema>(item: T) =>
  Type.Object({
    current_page: Type.Integer(),
    per_page: Type.Integer(),
    last_page: Type.Integer(),
    total: Type.Integer(),
    from: Type.Union([Type.Integer(), Type.Null()]),
    to: Type.Union([Type.Integer(), Type.Null()]),
    data: Type.Array(item),
    links: Type.Array(Type.Object({ url: Type.Union([Type.String(), Type.Null()]), label: Type.String(), active: Type.Boolean() })),
    first_page_url: Type.String(),
    last_page_url: Type.String(),
    prev_page_url: Type.Union([Type.String(), Type.Null()]),
    next_page_url: Type.Union([Type.String(), Type.Null()]),
    path: Type.String(),
  });

/** What paginate reads of a request: its path, its query as the route's schema typed it, and the server's configuration. */
export type PagedRequest = Pick<FastifyRequest, 'url' | 'server'> & { query: object };

/** Rows to skip for a page. */
export const pageOffset = (page: number, perPage = perPageDefault): number => (page - 1) * perPage;

/**
 * Wraps one page of rows in the paginator shape. Page URLs keep the request's other query
 * parameters (a history's `type`), so following one works as is. They are absolute, like
 * Laravel's, only under the configured PUBLIC_URL; otherwise they are paths on this origin,
 * never built from the Host header a client sent.
 */
export function paginate<T>(request: PagedRequest, page: number, total: number, data: T[], perPage = perPageDefault): Paginated<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const path = `${request.server.config.publicUrl ?? ''}${request.url.split('?')[0] ?? ''}`;
  const kept = Object.entries(request.query).filter(
    (entry): entry is [string, string | number] => entry[0] !== 'page' && (typeof entry[1] === 'string' || typeof entry[1] === 'number'),
  );
  const urlOf = (target: number) => {
    const params = new URLSearchParams(kept.map(([key, value]) => [key, String(value)]));
    params.set('page', String(target));
    return `${path}?${params.toString()}`;
  };
  const from = data.length === 0 ? null : pageOffset(page, perPage) + 1;
  return {
    current_page: page,
    per_page: perPage,
    last_page: lastPage,
    total,
    from,
    to: from === null ? null : from + data.length - 1,
    data,
    links: pageLinks(page, lastPage, urlOf),
    first_page_url: urlOf(1),
    last_page_url: urlOf(lastPage),
    prev_page_url: page > 1 ? urlOf(Math.min(page - 1, lastPage)) : null,
    next_page_url: page < lastPage ? urlOf(page + 1) : null,
    path,
  };
}

function pageLinks(page: number, lastPage: number, urlOf: (page: number) => string): PageLink[] {
  const shown = new Set<number>([1, lastPage]);
  for (let target = page - linksEachSide; target <= page + linksEachSide; target += 1) {
    if (target >= 1 && target <= lastPage) shown.add(target);
  }
  const pages = [...shown].sort((a, b) => a - b);
  const links: PageLink[] = [{ url: page > 1 ? urlOf(Math.min(page - 1, lastPage)) : null, label: '&laquo; Previous', active: false }];
  pages.forEach((target, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && target - previous > 1) links.push({ url: null, label: '...', active: false });
    links.push({ url: urlOf(target), label: String(target), active: target === page });
  });
  links.push({ url: page < lastPage ? urlOf(page + 1) : null, label: 'Next &raquo;', active: false });
  return links;
}
