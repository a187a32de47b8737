import { useEffect, useRef, useState } from 'react';
import { useEmbedded } from '../core/embedded.ts';
import { useHostEvents } from '../core/host-events.ts';
import { useI18n } from '../core/i18n.ts';
import { siteHref } from '../core/locale.ts';
import { formatPoints } from '../core/money.ts';
import { useStore } from '../core/use-store.ts';
import { $cardsChanged, cardsChanged } from '../core/changes.ts';
import { $cardToEdit, deleteCard, listCards, rememberCardId } from './bank-cards.ts';
import type { BankCard } from '../../contract/api/cards.ts';
import { groupInFours, maskCardNumber } from './card-rules.ts';

/**
 * The original app's /setting/bank screen (docs/original-app.md): the member's cards, number grouped in fours, edit and delete per card,
 * add. On our site, Edit goes to the edit page (the card's id in local storage, as the original app
 * keeps it); on a partner's page it opens the card in the `<gs-bank-update>` beside the list and tells
 * the page (`gs:card-edit`).
 */
export function BankListScreen() {
  const { locale, t } = useI18n();
  const embedded = useEmbedded();
  const hostEvents = useHostEvents();
  const changed = useStore($cardsChanged);
  const editing = useStore($cardToEdit);
  const [cards, setCards] = useState<BankCard[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ key: string; failed: boolean } | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let live = true;
    listCards()
      .then((list) => {
        if (!live) return;
        setCards(list);
        setLoadFailed(false);
      })
      .catch(() => live && setLoadFailed(true));
    return () => {
      live = false;
    };
  }, [changed]);

  // The list leaves (the member logged out): no card stays chosen for the next member on the page.
  useEffect(() => () => $cardToEdit.set(null), []);

  // The second step of a delete gets the focus on its safe answer.
  useEffect(() => {
    if (confirming !== null) cancelRef.current?.focus();
  }, [confirming]);

  const remove = async (id: number) => {
    if (busy) return;
    setBusy(true);
    try {
      await deleteCard(id);
      cardsChanged();
      if ($cardToEdit.get() === id) $cardToEdit.set(null);
      setCards((current) => current?.filter((card) => card.id !== id) ?? null);
      setOutcome({ key: 'bank_delete_success', failed: false });
    } catch {
      setOutcome({ key: 'bank_delete_fail', failed: true });
    } finally {
      setConfirming(null);
      setBusy(false);
    }
  };

  return (
    <div className="gs-bank">
      <p className="gs-bank__actions">
        <a className="button button--small" href={siteHref(locale, '/setting/addBank')}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M12 5v14M5 12h14" />
          </svg>
          {t('bank_add')}
        </a>
        <a className="button button--small button--secondary" href={siteHref(locale, '/wallet/withdraw')}>
          {t('wallet_withdraw_title')}
        </a>
      </p>
      <p part="error" className="gs-message gs-message--error" role="alert">
        {loadFailed ? t('bank_load_error') : outcome?.failed === true ? t(outcome.key) : ''}
      </p>
      <p part="message" className="gs-message gs-message--ok" role="status">
        {cards === null && !loadFailed ? t('loading') : outcome?.failed === false ? t(outcome.key) : ''}
      </p>
      {cards !== null && cards.length === 0 && <p className="gs-bank__empty">{t('bank_empty')}</p>}
      {cards !== null && cards.length > 0 && (
        <ul className="gs-bank__list" aria-label={t('bank_list')}>
          {cards.map((card) => (
            <li key={card.id} className="gs-bank__card">
              <h2 className="gs-bank__name">{card.bank_name}</h2>
              <p className="gs-bank__number" aria-label={t('bank_card_number')}>
                {groupInFours(maskCardNumber(card.card_number))}
              </p>
              <dl className="gs-bank__facts">
                <div>
                  <dt>{t('bank_cardholder')}</dt>
                  <dd>{card.cardholder}</dd>
                </div>
                <div>
                  <dt>{t('bank_branch')}</dt>
                  <dd>{card.payment_name}</dd>
                </div>
                {card.daily_quota !== null && (
                  <div>
                    <dt>{t('bank_daily_quota')}</dt>
                    <dd>{formatPoints(card.daily_quota, locale)}</dd>
                  </div>
                )}
              </dl>
              {confirming === card.id ? (
                <div className="gs-bank__confirm" role="group" aria-label={t('bank_delete_confirm')}>
                  <p>{t('bank_delete_confirm')}</p>
                  <button
                    part="button"
                    type="button"
                    className="button button--small gs-button--danger"
                    disabled={busy}
                    aria-busy={busy}
                    onClick={() => void remove(card.id)}
                  >
                    {t('bank_delete_yes')}
                  </button>
                  <button
                    part="button"
                    ref={cancelRef}
                    type="button"
                    className="button button--small button--secondary"
                    onClick={() => setConfirming(null)}
                  >
                    {t('bank_cancel')}
                  </button>
                </div>
              ) : (
                <p className="gs-bank__card-actions">
                  {embedded ? (
                    <button
                      part="button"
                      type="button"
                      className="button button--small button--secondary"
                      aria-describedby={`gs-bank-card-${card.id}`}
                      aria-current={editing === card.id ? 'true' : undefined}
                      onClick={() => {
                        $cardToEdit.set(card.id);
                        hostEvents('card-edit', { card_id: card.id });
                      }}
                    >
                      {t('bank_edit')}
                    </button>
                  ) : (
                    <a
                      className="button button--small button--secondary"
                      href={siteHref(locale, '/setting/updateCard')}
                      onClick={() => rememberCardId(card.id)}
                      onAuxClick={() => rememberCardId(card.id)}
                      aria-describedby={`gs-bank-card-${card.id}`}
                    >
                      {t('bank_edit')}
                    </a>
                  )}
                  <button
                    part="button"
                    type="button"
                    className="button button--small button--secondary"
                    aria-describedby={`gs-bank-card-${card.id}`}
                    onClick={() => {
                      setOutcome(null);
                      setConfirming(card.id);
                    }}
                  >
                    {t('bank_delete')}
                  </button>
                  <span id={`gs-bank-card-${card.id}`} hidden>
                    {`${card.bank_name} ${card.card_last4 ?? card.card_number.slice(-4)}`}
                  </span>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
