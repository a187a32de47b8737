import { useEffect, useState } from 'react';
import { apiRequest, type Envelope } from './api.ts';

/** The paged-list shape of the API contract (Laravel's paginator, as the original app's screens read it). */
export interface Paged<T> {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  data: T[];
}

export interface PagedList<T> {
  page: Paged<T> | null;
  failed: string | null;
  loading: boolean;
  /** Loads page N; the list keeps the old page on screen until the new one arrives. */
  go(page: number): void;
  /** Loads the current page again (after an action changed it). */
  reload(): void;
}

type PageLoader<T> = (path: string) => Promise<Envelope<Paged<T>>>;

/**
 * A paged API list, reloaded from page 1 whenever `path` changes (the transaction view's toggle).
 * `path` may carry a query; the page number is added to it.
 */
export function usePagedList<T>(path: string, load: PageLoader<T> = (url) => apiRequest<Paged<T>>('GET', url)): PagedList<T> {
  const [state, setState] = useState<{ path: string; number: number; round: number }>({ path, number: 1, round: 0 });
  const [page, setPage] = useState<Paged<T> | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const current = state.path === path ? state : { path, number: 1, round: 0 };

  useEffect(() => {
    let live = true;
    setLoading(true);
    const separator = path.includes('?') ? '&' : '?';
    load(`${path}${separator}page=${current.number}`)
      .then((envelope) => {
        if (!live) return;
        setPage(envelope.detail);
        setFailed(null);
      })
      .catch((error: unknown) => {
        if (live) setFailed(error instanceof Error ? error.message : 'failed');
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
    // The loader is the caller's; a new function each render must not reload the page.
  }, [path, current.number, current.round]);

  return {
    page,
    failed,
    loading,
    go: (number) => setState({ path, number, round: 0 }),
    reload: () => setState({ path, number: current.number, round: current.round + 1 }),
  };
}

/** The most pages `allPages` reads: a choice list longer than this many pages wants a search instead. */
const allPagesMax = 20;

/**
 * Every item of a paged list, page after page, for a choice list (a filter's rooms) that must offer
 * them all, not only the first page's.
 */
export async function allPages<T>(path: string, load: PageLoader<T>): Promise<T[]> {
  const separator = path.includes('?') ? '&' : '?';
  const items: T[] = [];
  for (let number = 1; number <= allPagesMax; number += 1) {
    const { detail } = await load(`${path}${separator}page=${number}`);
    items.push(...detail.data);
    if (number >= detail.last_page) break;
  }
  return items;
}
