import { useEffect, useRef, useState } from 'react';
import { apiRequest } from '../core/api.ts';
import { useEmbedded } from '../core/embedded.ts';
import { useI18n } from '../core/i18n.ts';
import { usePagedList } from '../core/paged.ts';
import { Pager } from '../ui/Pager.tsx';
import type { Notice } from '../../contract/api/notifications.ts';
import { noticeText } from './notice-text.ts';
import { refreshUnread } from './unread.ts';
import { dateTimeFormat } from '../core/date-time.ts';

/** The notices, page by page, loaded when the bell is first opened (the bell itself is on every member page). */
export function NoticeList({ id, onClose }: { id: string; onClose: () => void }) {
  const { locale, t } = useI18n();
  // On a partner's page the list opens in the widget's own box, never over the partner's page.
  const inline = useEmbedded();
  const list = usePagedList<Notice>('/v1/notifications');
  const [failed, setFailed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const notices = list.page?.data ?? [];
  useEffect(() => heading.current?.focus(), []);

  const act = async (path: string) => {
    setFailed(false);
    try {
      await apiRequest('POST', path);
      list.reload();
      void refreshUnread();
    } catch {
      setFailed(true);
    }
  };

  return (
    <section id={id} className={inline ? 'gs-bell__panel gs-bell__panel--inline' : 'gs-bell__panel'} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('notices_title')}
      </h2>
      <p part="error" className="gs-message gs-message--error" role="alert">
        {failed || list.failed !== null ? t('notices_error') : ''}
      </p>
      {list.page !== null && notices.length === 0 && <p>{t('notices_none')}</p>}
      <ul className="gs-bell__list" aria-busy={list.loading}>
        {notices.map((notice) => (
          <li key={notice.id} className={notice.read_at === null ? 'gs-bell__item gs-bell__item--unread' : 'gs-bell__item'}>
            <p>{noticeText(notice, t, locale, time)}</p>
            <p className="gs-bell__time">
              <time dateTime={notice.created_at}>{time.format(new Date(notice.created_at))}</time>
              {notice.read_at === null && (
                <button
                  part="button"
                  type="button"
                  className="button button--small button--quiet"
                  onClick={() => void act(`/v1/notifications/${notice.id}/read`)}
                >
                  {t('notices_mark_read')}
                </button>
              )}
            </p>
          </li>
        ))}
      </ul>
      {list.page !== null && list.page.last_page > 1 && <Pager page={list.page} onGo={list.go} />}
      <div className="gs-actions">
        <button part="button" type="button" className="button button--small" onClick={() => void act('/v1/notifications/read-all')}>
          {t('notices_read_all')}
        </button>
        <button part="button" type="button" className="button button--small button--secondary" onClick={onClose}>
          {t('notices_close')}
        </button>
      </div>
    </section>
  );
}
