import { useStore } from '../core/use-store.ts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { listCards } from '../bank/bank-cards.ts';
import { $cardsChanged, walletChanged } from '../core/changes.ts';
import type { BankCard } from '../../contract/api/cards.ts';
import { useInputHints } from '../bank/input-hints.ts';
import { ApiFailure } from '../core/api.ts';
import { useI18n } from '../core/i18n.ts';
import { siteHref } from '../core/locale.ts';
import { $mainWallet, refreshMainWallet } from '../core/main-wallet.ts';
import { formatPoints } from '../core/money.ts';
import { $user } from '../core/session.ts';
import { SelectField } from '../ui/SelectField.tsx';
import { newIdempotencyKey, sendWithdrawal, withdrawFailure, withdrawProblem } from './withdraw.ts';
import { dateTimeFormat } from '../core/date-time.ts';

/**
 * The history loads after the form (the widget budget), with its own list of withdrawals: a
 * failed load says so and offers to try again. A plain dynamic import rather than React.lazy:
 * Suspense would grow the core that every widget shares.
 */
type HistoryModule = typeof import('./WithdrawHistory.tsx');
let historyModule: Promise<HistoryModule> | undefined;
const loadHistory = () =>
  (historyModule ??= import('./WithdrawHistory.tsx').catch((error: unknown) => {
    historyModule = undefined;
    throw error;
  }));

function LazyHistory() {
  const { t } = useI18n();
  const [history, setHistory] = useState<HistoryModule | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setFailed(false);
    loadHistory()
      .then((module) => live && setHistory(module))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [attempt]);
  if (history !== null) return <history.WithdrawHistory />;
  if (!failed) return <p role="status">{t('loading')}</p>;
  return (
    <p part="error" className="gs-message gs-message--error" role="alert">
      {t('transaction_load_error')}{' '}
      <button part="button" type="button" className="button button--small" onClick={() => setAttempt((count) => count + 1)}>
        {t('embed_retry')}
      </button>
    </p>
  );
}

/** PRODUCT.md decision 3: withdraw from the main wallet to one of the member's own cards; an operator pays it out. */
export function WithdrawScreen() {
  const { locale, t } = useI18n();
  const id = useId();
  const balance = useStore($mainWallet);
  const user = useStore($user);
  // Known and not approved: say so before the member fills anything in (the server refuses it anyway).
  const unverified = typeof user?.verification_status === 'string' && user.verification_status !== 'approved';
  const [cards, setCards] = useState<BankCard[] | null>(null);
  const [cardsFailed, setCardsFailed] = useState(false);
  const [cardId, setCardId] = useState('');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean; verify?: boolean } | null>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  // One key per intended withdrawal: a retry after a lost answer reuses it, a changed form gets a new one.
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  useInputHints(amountInput, { inputMode: 'decimal' });

  // A card added or deleted elsewhere on the page (the card list beside it) is offered or gone at once.
  const cardsVersion = useStore($cardsChanged);
  useEffect(() => {
    let live = true;
    listCards()
      .then((list) => {
        if (!live) return;
        setCards(list);
        if (list.length === 1 && list[0] !== undefined) setCardId(String(list[0].id));
      })
      .catch(() => live && setCardsFailed(true));
    return () => {
      live = false;
    };
  }, [cardsVersion]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = withdrawProblem(cardId, amount, balance);
    if (problem !== null) {
      setOutcome({ text: t(problem), failed: true });
      return;
    }
    const signature = `${cardId}:${amount.trim()}`;
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: newIdempotencyKey() };
    setBusy(true);
    setOutcome(null);
    try {
      await sendWithdrawal({ cardId, amount, idempotencyKey: attempt.current.key });
      attempt.current = null;
      setAmount('');
      setOutcome({ text: t('wallet_withdraw_success'), failed: false });
      walletChanged();
    } catch (error) {
      // An answer that never came may still have taken the points: keep the key for the retry.
      if (!(error instanceof ApiFailure && error.status === 0)) attempt.current = null;
      const failure = withdrawFailure(error);
      const time = failure.availableAt === undefined ? '' : timeOf(failure.availableAt);
      setOutcome({ text: t(failure.key, { time }), failed: true, verify: failure.key === 'wallet_withdraw_need_verify' });
    } finally {
      setBusy(false);
      void refreshMainWallet();
    }
  };

  const last4 = (card: BankCard) => card.card_last4;
  const timeOf = (iso: string) => dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  // The chosen card still waits after a new number or password: said as soon as it is chosen, not after sending.
  const waitsUntil = cards?.find((card) => String(card.id) === cardId)?.withdrawable_from;

  return (
    <div className="gs-withdraw">
      <p className="gs-withdraw__balance">
        {t('wallet_main')}: <data value={balance ?? ''}>{balance === null ? '—' : formatPoints(balance, locale)}</data>
      </p>
      {unverified && (
        <p className="gs-withdraw__verify">
          {t('wallet_withdraw_need_verify')} <a href={siteHref(locale, '/setting/verify')}>{t('setting_verify')}</a>
        </p>
      )}
      {cardsFailed ? (
        <p part="error" className="gs-message gs-message--error" role="alert">
          {t('bank_load_error')}
        </p>
      ) : cards === null ? (
        <p role="status">{t('loading')}</p>
      ) : cards.length === 0 ? (
        <div>
          <p part="error" className="gs-message gs-message--error" role="alert">
            {t('wallet_withdraw_need_card')}
          </p>
          <a className="button button--small" href={siteHref(locale, '/setting/addBank')}>
            {t('bank_add')}
          </a>
        </div>
      ) : (
        <form className="gs-form" method="post" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)}>
          <SelectField
            id={`${id}-card`}
            name="bankcard_id"
            label={t('wallet_withdraw_card')}
            value={cardId}
            placeholder={t('wallet_choose')}
            options={cards.map((card) => ({ value: String(card.id), text: `${card.bank_name} ···· ${last4(card)}` }))}
            onChange={setCardId}
          />
          {typeof waitsUntil === 'string' && Date.parse(waitsUntil) > Date.now() && (
            <p className="gs-withdraw__verify" role="status">
              {t('wallet_withdraw_cooldown', { time: timeOf(waitsUntil) })}
            </p>
          )}
          <div className="gs-field">
            <label part="label" htmlFor={`${id}-amount`}>
              {t('wallet_amount')}
            </label>
            <div className="gs-field__control">
              <input
                part="input"
                ref={amountInput}
                id={`${id}-amount`}
                name="amount"
                autoComplete="off"
                placeholder={t('wallet_amount_placeholder')}
                value={amount}
                maxLength={20}
                aria-describedby={`${id}-amount-hint`}
                onInput={(event) => setAmount(event.currentTarget.value.replace(/[^\d.]/g, ''))}
              />
            </div>
            <p id={`${id}-amount-hint`} className="gs-field__hint">
              {t('wallet_amount_hint')}
            </p>
          </div>
          {/* Inline rather than the auth forms' FormMessage and SubmitButton: that module would take this widget past its budget. */}
          <p part="error" className="gs-message gs-message--error" role="alert">
            {outcome?.failed === true ? outcome.text : ''}
          </p>
          <p part="message" className="gs-message gs-message--ok" role="status">
            {outcome?.failed === false ? outcome.text : ''}
          </p>
          {outcome?.verify === true && <a href={siteHref(locale, '/setting/verify')}>{t('setting_verify')}</a>}
          <button part="button submit" className="button button--block gs-submit" type="submit" disabled={busy} aria-busy={busy}>
            {busy ? t('loading') : t('wallet_withdraw_submit')}
          </button>
        </form>
      )}
      <LazyHistory />
    </div>
  );
}
