import { describe, expect, it } from 'vitest';
import { paginate, pageOffset, type PagedRequest } from './paging.ts';

/** A request whose Host header is forged: page links must never name it. */
function request(query: Record<string, unknown>, url = '/api/v1/things?type=a', publicUrl?: string): PagedRequest {
  const forged = { protocol: 'http', host: 'evil.example' };
  return { ...forged, url, query, server: { config: { publicUrl } } } as unknown as PagedRequest;
}

describe('the Laravel paginator shape', () => {
  it('an empty list is one empty page with no neighbours', () => {
    expect(paginate(request({}), 1, 0, [])).toMatchObject({
      current_page: 1,
      last_page: 1,
      total: 0,
      from: null,
      to: null,
      data: [],
      prev_page_url: null,
      next_page_url: null,
      first_page_url: '/api/v1/things?page=1',
      path: '/api/v1/things',
    });
  });

  it('page links are absolute under the configured public origin, whatever Host the client sent', () => {
    const page = paginate(request({}, '/api/v1/things', 'https://shop.example'), 1, 40, ['x']);
    expect(page.first_page_url).toBe('https://shop.example/api/v1/things?page=1');
    expect(page.next_page_url).toBe('https://shop.example/api/v1/things?page=2');
    expect(JSON.stringify(page)).not.toContain('evil.example');
  });

  it('keeps the other query parameters in every page URL and replaces page', () => {
    const page = paginate(request({ type: 'deposit', page: 2, device: 'mobile' }), 2, 40, ['x']);
    expect(page.prev_page_url).toBe('/api/v1/things?type=deposit&device=mobile&page=1');
    expect(page.next_page_url).toBe('/api/v1/things?type=deposit&device=mobile&page=3');
    expect(page).toMatchObject({ from: 16, to: 16, last_page: 3 });
  });

  it('shows three page links each side of the current one, the first and last, and gaps between', () => {
    const page = paginate(request({ page: 10 }), 10, 15 * 20, []);
    expect(page.links.map((link) => link.label)).toEqual([
      '&laquo; Previous',
      '1',
      '...',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      '13',
      '...',
      '20',
      'Next &raquo;',
    ]);
    expect(page.links.filter((link) => link.active).map((link) => link.label)).toEqual(['10']);
    expect(page.links.find((link) => link.label === '...')?.url).toBeNull();
  });

  it('a page past the end is empty, and its previous link points at the last real page', () => {
    const page = paginate(request({ page: 9 }), 9, 20, []);
    expect(page).toMatchObject({ current_page: 9, last_page: 2, from: null, to: null, next_page_url: null });
    expect(page.prev_page_url).toMatch(/page=2$/);
  });

  it('offsets count whole pages from the first', () => {
    expect([pageOffset(1), pageOffset(2), pageOffset(3, 10)]).toEqual([0, 15, 20]);
  });
});
