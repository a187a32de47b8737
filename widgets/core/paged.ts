import { useEffect, useState } from 'react';
import { apiRequest } from './api.ts';

/** The paged-list shape of the API contract (Laravel's paginator, as the seed's screens read it). */
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
}

/**
 * A paged API list, reloaded from page 1 whenever `path` changes (the transaction view's toggle).
 * `path` may carry a query; the page number is added to it.
 */
export function usePagedList<T>(path: string): PagedList<T> {
  const [state, setState] = useState<{ path: string; number: number }>({ path, number: 1 });
  const [page, setPage] = useState<Paged<T> | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const current = state.path === path ? state : { path, number: 1 };

  useEffect(() => {
    let live = true;
    setLoading(true);
    const separator = path.includes('?') ? '&' : '?';
    apiRequest<Paged<T>>('GET', `${path}${separator}page=${current.number}`)
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
  }, [path, current.number]);

  return { page, failed, loading, go: (number) => setState({ path, number }) };
}
