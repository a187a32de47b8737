import { useI18n } from '../core/i18n.ts';

/** Page numbers shown on each side of the current one. */
const numbersEachSide = 2;

/** The original app's page numbers beside previous and next: the first, the last and those near the current page. */
export function PageNumbers({ current, last, onGo }: { current: number; last: number; onGo: (page: number) => void }) {
  const { t } = useI18n();
  const pages = [...new Set([1, ...Array.from({ length: numbersEachSide * 2 + 1 }, (_, index) => current - numbersEachSide + index), last])]
    .filter((page) => page >= 1 && page <= last)
    .sort((a, b) => a - b);
  if (last <= 1) return null;
  return (
    <ul className="gs-dig__pages" aria-label={t('paging_label')}>
      {pages.map((page) => (
        <li key={page}>
          <button
            part="button"
            type="button"
            className="button button--small button--secondary"
            aria-current={page === current ? 'page' : undefined}
            aria-label={t('dig_page', { page })}
            onClick={() => onGo(page)}
          >
            {page}
          </button>
        </li>
      ))}
    </ul>
  );
}
