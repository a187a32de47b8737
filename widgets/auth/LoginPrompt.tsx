import { useStore } from '../core/use-store.ts';
import { useEffect, useId, useRef } from 'react';
import { useSingleton } from '../core/hooks.ts';
import { useI18n } from '../core/i18n.ts';
import { $loginPromptOpen, closeLoginPrompt } from './login-prompt.ts';
import { LoginLinks } from './LoginLinks.tsx';

/**
 * The login prompt overlay: a native modal dialog (focus kept inside, Escape closes, the
 * rest of the page inert) that opens while $loginPromptOpen is true. Closing it returns
 * focus to where it was.
 */
export function LoginPrompt() {
  const { t } = useI18n();
  const open = useStore($loginPromptOpen);
  const owner = useSingleton('login-prompt');
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element === null || !owner) return;
    if (open && !element.open) {
      returnFocus.current = document.activeElement;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open, owner]);

  const onClose = () => {
    closeLoginPrompt();
    const previous = returnFocus.current;
    if (previous instanceof HTMLElement && previous !== document.body && previous.isConnected) previous.focus();
  };

  if (!owner) return null;
  return (
    <dialog ref={dialog} className="gs-prompt" aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`} onClose={onClose}>
      <h2 id={`${id}-title`}>{t('login_prompt_title')}</h2>
      <p id={`${id}-body`}>{t('login_prompt_body')}</p>
      <LoginLinks />
      <form method="dialog">
        <button part="button submit" className="button button--quiet button--block" type="submit">
          {t('login_prompt_cancel')}
        </button>
      </form>
    </dialog>
  );
}
