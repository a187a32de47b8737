import { useState } from 'react';
import { useI18n } from '../core/i18n.ts';
import type { Paged } from '../core/paged.ts';

interface PagerProps {
  /** Where the list stands, as the API's paged lists say it: an empty list has nothing to page through, and shows no pager. */
  page: Pick<Paged<unknown>, 'current_page' | 'last_page' | 'total'>;
  onGo: (page: number) => void;
  /** Names the pager where a screen has two lists (landmarks apart). */
  label?: string;
}

/**
 * Previous and next, with the original app's notices when there is no page that way. A button with no page
 * behind it looks and reads as disabled (aria-disabled) yet stays focusable, so the notice can
 * still say why nothing happened.
 */
export function Pager({ page: { current_page: current, last_page: last, total }, onGo, label }: PagerProps) {
  const { t } = useI18n();
  const [notice, setNotice] = useState('');
  const go = (page: number) => {
    if (page < 1) setNotice(t('paging_first_page'));
    else if (page > Math.max(last, 1)) setNotice(t('paging_last_page'));
    else {
      setNotice('');
      onGo(page);
    }
  };
  if (total === 0 && current <= 1) return null;
  return (
    <nav className="gs-pager" aria-label={label ?? t('paging_label')}>
      <button
        part="button"
        type="button"
        className="button button--small button--secondary"
        aria-disabled={current <= 1}
        onClick={() => go(current - 1)}
      >
        {t('paging_previous')}
      </button>
      <span aria-current="page">{t('paging_page_of', { page: current, last: Math.max(last, 1) })}</span>
      <button
        part="button"
        type="button"
        className="button button--small button--secondary"
        aria-disabled={current >= Math.max(last, 1)}
        onClick={() => go(current + 1)}
      >
        {t('paging_next')}
      </button>
      <p className="gs-pager__notice" role="status">
        {notice}
      </p>
    </nav>
  );
}
