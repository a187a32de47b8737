import { useStore } from '../core/use-store.ts';
import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { useLoggedIn } from '../core/hooks.ts';
import { useI18n } from '../core/i18n.ts';
import { $unread } from './unread.ts';

/**
 * The bell: how many notifications are unread (asked every 5 seconds, the original app's refresh), and
 * the list, page by page, opened in place. A button beside an unread notice marks it read, one
 * marks them all. Nothing shows when nobody is logged in.
 */
export function NotificationBell() {
  const { t } = useI18n();
  const loggedIn = useLoggedIn();
  const unread = useStore($unread);
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  if (!loggedIn) return null;
  const count = unread ?? 0;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div className="gs-bell" onKeyDown={(event) => event.key === 'Escape' && open && close()}>
      <button
        part="button"
        ref={button}
        type="button"
        className="gs-bell__button"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-label={`${t('notices_open')}${count > 0 ? `, ${t('notices_unread', { count })}` : ''}`}
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4z M10 20a2 2 0 0 0 4 0" />
        </svg>
        {count > 0 && (
          <span className="gs-bell__count" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && <OpenList id={`${id}-list`} onClose={close} />}
    </div>
  );
}

type NoticeListProps = { id: string; onClose: () => void };
let listModule: Promise<ComponentType<NoticeListProps>> | undefined;

/** The list's code arrives with the first opening; until then, and if it cannot, the panel says so. */
function OpenList(props: NoticeListProps) {
  const { t } = useI18n();
  const [List, setList] = useState<ComponentType<NoticeListProps> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    listModule ??= import('./NoticeList.tsx').then((module) => module.NoticeList);
    listModule.then(
      (loaded) => live && setList(() => loaded),
      () => {
        listModule = undefined;
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  if (List !== null) return <List {...props} />;
  return (
    <p id={props.id} className="gs-bell__panel" role={failed ? 'alert' : 'status'}>
      {t(failed ? 'notices_error' : 'loading')}
    </p>
  );
}
