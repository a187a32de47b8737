import { useStore } from '../core/use-store.ts';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiFailure } from '../core/api.ts';
import { useHostEvents } from '../core/host-events.ts';
import { useI18n } from '../core/i18n.ts';
import { siteHref } from '../core/locale.ts';
import { $mainWallet, refreshMainWallet } from '../core/main-wallet.ts';
import { walletChanged } from '../core/changes.ts';
import { formatPoints } from '../core/money.ts';
import type { PartnerWallet } from '../../contract/api/wallet.ts';
import { $partnerWallets, $partnerWalletsFailed, loadPartnerWallets, partnerNameKey } from './partner-wallets.ts';
import {
  failureKey,
  mainWallet,
  newIdempotencyKey,
  sendTransfer,
  toAfterChoosingFrom,
  tradeType,
  transferProblem,
  type WalletChoice,
} from './transfer.ts';

function choiceValue(choice: WalletChoice): string {
  return choice === null ? '' : String(choice);
}

function parseChoice(value: string): WalletChoice {
  if (value === '') return null;
  return value === mainWallet ? mainWallet : Number(value);
}

/** The original app's /wallet screen (docs/original-app.md): balances, and points moved between the main wallet and a partner wallet. */
export function WalletScreen() {
  const { locale, t } = useI18n();
  const hostEvents = useHostEvents();
  const balance = useStore($mainWallet);
  const partners = useStore($partnerWallets);
  const partnersFailed = useStore($partnerWalletsFailed);
  const [amount, setAmount] = useState('');
  const [from, setFrom] = useState<WalletChoice>(null);
  const [to, setTo] = useState<WalletChoice>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ key: string; failed: boolean } | null>(null);
  // One key per intended transfer: a retry after a lost answer reuses it, a changed form gets a new one.
  const attempt = useRef<{ signature: string; key: string } | null>(null);

  useEffect(() => {
    void loadPartnerWallets();
  }, []);

  // The operators' name in this locale first (decision 029), then the seeded cities' own words.
  const nameOf = (wallet: PartnerWallet) => {
    const key = partnerNameKey(wallet);
    return wallet.names?.[locale] || (key === undefined ? wallet.name : t(key));
  };
  const format = (points: number | null) => (points === null ? '—' : formatPoints(points, locale));

  const chooseFrom = (value: string) => {
    const choice = parseChoice(value);
    setFrom(choice);
    setTo(toAfterChoosingFrom(choice, to));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const fromPartner = partners?.find((wallet) => wallet.id === from);
    const problem = transferProblem(amount, from, to, balance, fromPartner?.balance ?? null);
    if (problem !== null) {
      setOutcome({ key: problem, failed: true });
      return;
    }
    const type = tradeType(from, to);
    if (type === 0) return;
    const partnerId = type === 4 ? Number(to) : Number(from);
    const signature = `${type}:${partnerId}:${amount.trim()}`;
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: newIdempotencyKey() };
    setBusy(true);
    setOutcome(null);
    try {
      await sendTransfer({ type, partnerId, amount, idempotencyKey: attempt.current.key });
      attempt.current = null;
      setAmount('');
      setOutcome({ key: 'wallet_transfer_success', failed: false });
      hostEvents('transfer-completed', { type, partner_city_id: partnerId, amount: amount.trim() });
      walletChanged();
    } catch (error) {
      // An answer that never came may still have moved the points: keep the key for the retry.
      if (!(error instanceof ApiFailure && error.status === 0)) attempt.current = null;
      setOutcome({ key: failureKey(type, error), failed: true });
    } finally {
      setBusy(false);
      void refreshMainWallet();
      void loadPartnerWallets();
    }
  };

  return (
    <div className="gs-wallet">
      <section className="gs-wallet__main" aria-labelledby="gs-wallet-main">
        <h2 id="gs-wallet-main">{t('wallet_main')}</h2>
        {/* A figure, not a heading: a div, so assistive technology does not read the large bold number as one. */}
        <div className="gs-wallet__balance">
          <data value={balance ?? ''}>{format(balance)}</data>
        </div>
        <p className="gs-wallet__links">
          <a href={siteHref(locale, '/wallet/transactions')}>{t('wallet_history')}</a>
          <a href={siteHref(locale, '/wallet/statement')}>{t('wallet_statement')}</a>
          <a href={siteHref(locale, '/wallet/withdraw')}>{t('wallet_withdraw_title')}</a>
        </p>
      </section>

      <section aria-labelledby="gs-wallet-partners">
        <h2 id="gs-wallet-partners">{t('wallet_partner_wallets')}</h2>
        {partnersFailed && partners === null ? (
          <p part="error" className="gs-message gs-message--error" role="alert">
            {t('wallet_load_error')}
          </p>
        ) : partners === null ? (
          <p role="status">{t('loading')}</p>
        ) : (
          <dl className="gs-wallet__partners">
            {partners.map((wallet) => (
              <div key={wallet.id}>
                <dt>{nameOf(wallet)}</dt>
                <dd>
                  <data value={wallet.balance}>{format(wallet.balance)}</data>
                  {wallet.disabled === true && <small className="gs-field__hint"> {t('wallet_partner_closed')}</small>}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <form className="gs-wallet__form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="gs-field">
          <label part="label" htmlFor="gs-wallet-amount">
            {t('wallet_amount')}
          </label>
          <div className="gs-field__control">
            <input
              part="input"
              id="gs-wallet-amount"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('wallet_amount_placeholder')}
              value={amount}
              maxLength={20}
              aria-describedby="gs-wallet-amount-hint"
              onInput={(event) => setAmount(event.currentTarget.value.replace(/[^\d.]/g, ''))}
            />
          </div>
          <p id="gs-wallet-amount-hint" className="gs-field__hint">
            {t('wallet_amount_hint')}
          </p>
        </div>
        <div className="gs-wallet__direction">
          <WalletSelect id="gs-wallet-from" label={t('wallet_from')} value={from} onChange={chooseFrom}>
            {partners?.map((wallet) => (
              <option key={wallet.id} value={wallet.enjoy_city_item.id}>
                {nameOf(wallet)}
              </option>
            ))}
          </WalletSelect>
          <WalletSelect id="gs-wallet-to" label={t('wallet_to')} value={to} onChange={(value) => setTo(parseChoice(value))}>
            {from === null || from === mainWallet
              ? partners
                  ?.filter((wallet) => wallet.disabled !== true)
                  .map((wallet) => (
                    <option key={wallet.id} value={wallet.enjoy_city_item.id}>
                      {nameOf(wallet)}
                    </option>
                  ))
              : null}
          </WalletSelect>
        </div>
        <p part="error" className="gs-message gs-message--error" role="alert">
          {outcome?.failed === true ? t(outcome.key) : ''}
        </p>
        <p part="message" className="gs-message gs-message--ok" role="status">
          {outcome?.failed === false ? t(outcome.key) : busy ? t('loading') : ''}
        </p>
        <button part="button submit" className="button button--block" type="submit" disabled={busy} aria-busy={busy}>
          {busy ? t('loading') : t('wallet_confirm')}
        </button>
      </form>
    </div>
  );
}

interface WalletSelectProps {
  id: string;
  label: string;
  value: WalletChoice;
  onChange: (value: string) => void;
  children: ReactNode;
}

/** A wallet selector: "choose", the main wallet, then the partner wallets it may offer. */
function WalletSelect({ id, label, value, onChange, children }: WalletSelectProps) {
  const { t } = useI18n();
  return (
    <div className="gs-field">
      <label part="label" htmlFor={id}>
        {label}
      </label>
      <select part="input" id={id} value={choiceValue(value)} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">{t('wallet_choose')}</option>
        <option value={mainWallet}>{t('wallet_main')}</option>
        {children}
      </select>
    </div>
  );
}
