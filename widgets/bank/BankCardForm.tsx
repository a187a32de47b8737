import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Field, FormMessage, SubmitButton, type Outcome } from '../ui/form.tsx';
import { useI18n } from '../core/i18n.ts';
import { knownRefusalKey, refusalCode, refusalKey } from '../core/refusal.ts';
import { siteHref } from '../core/locale.ts';
import { useEmbedded } from '../core/embedded.ts';
import { useStore } from '../core/use-store.ts';
import { $user } from '../core/session.ts';
import { refreshSession } from '../ui/SessionWatcher.tsx';
import { WatchForNews } from '../notifications/unread.ts';
import { cardsChanged } from '../core/changes.ts';
import { $cardToEdit, bankSavedNoticeMs, getCard, rememberedCardId, saveCard } from './bank-cards.ts';
import {
  cardBody,
  cardNumberProblem,
  cardProblems,
  cardTextMaxLength,
  cardValues,
  emptyCard,
  filterCardNumber,
  filterQuota,
  type CardField,
  type CardValues,
} from './card-rules.ts';
import { useInputHints } from './input-hints.ts';
import { fieldErrors } from '../ui/server-messages.ts';

/** A card the server rejects (402), worded by its code in the form's message. */
const rejectedCardRefusals = ['cardholder_mismatch', 'bank_card_needs_verification'] as const;
/** Refusals the card form words by their own code, under a field or in its message. */
const cardRefusals = [...rejectedCardRefusals, 'daily_quota_invalid', 'validation'] as const;

type Problems = Partial<Record<CardField, string | undefined>>;

const fieldOrder: CardField[] = ['cardholder', 'bank_name', 'card_number', 'payment_name', 'daily_quota', 'province', 'city'];

interface BankCardFormProps {
  /**
   * add: POST v1/bankcard; update: PUT v1/bankcard/{id} of the card chosen in the list (local
   * storage on our site; on a partner's page, the `<gs-bank-cards>` beside it).
   */
  mode: 'add' | 'update';
  /** On a site page, go back to the card list 2 s after saving (as the original app does); a widget stays where it is. */
  navigate?: boolean;
}

/** The original app's /setting/addBank and /setting/updateCard screens (docs/original-app.md). */
export function BankCardForm({ mode, navigate = false }: BankCardFormProps) {
  const { locale, t } = useI18n();
  const id = useId();
  const embedded = useEmbedded();
  const chosenOnPage = useStore($cardToEdit);
  const verification = useStore($user)?.verification_status;
  const [remembered] = useState(() => (mode === 'update' && !embedded ? rememberedCardId() : null));
  const cardId = mode === 'add' ? null : embedded ? chosenOnPage : remembered;
  const [loaded, setLoaded] = useState<'yes' | 'loading' | 'failed' | 'missing'>(
    mode === 'add' ? 'yes' : cardId === null ? 'missing' : 'loading',
  );
  const [values, setValues] = useState<CardValues>(emptyCard);
  const [problems, setProblems] = useState<Problems>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs: Record<CardField, RefObject<HTMLInputElement | null>> = {
    cardholder: useRef<HTMLInputElement>(null),
    bank_name: useRef<HTMLInputElement>(null),
    card_number: useRef<HTMLInputElement>(null),
    payment_name: useRef<HTMLInputElement>(null),
    daily_quota: useRef<HTMLInputElement>(null),
    province: useRef<HTMLInputElement>(null),
    city: useRef<HTMLInputElement>(null),
  };
  useInputHints(inputs.card_number, { inputMode: 'numeric' });
  useInputHints(inputs.daily_quota, { inputMode: 'decimal' });

  useEffect(() => {
    if (cardId === null) {
      // The card being edited was deleted in the list, or the member logged out.
      if (mode === 'update') setLoaded('missing');
      return;
    }
    let live = true;
    // Another card chosen in the list beside this form: its own figures, none of the last one's messages.
    setLoaded('loading');
    setProblems({});
    setOutcome(null);
    getCard(cardId)
      .then((card) => {
        if (!live) return;
        setValues(cardValues(card));
        setLoaded('yes');
      })
      .catch(() => live && setLoaded('failed'));
    return () => {
      live = false;
    };
  }, [cardId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = cardProblems(values);
    setProblems(found);
    const first = fieldOrder.find((field) => found[field] !== undefined);
    if (first !== undefined) {
      setOutcome(null);
      inputs[first].current?.focus();
      return;
    }
    setOutcome(null);
    setBusy(true);
    try {
      await saveCard(cardBody(values), cardId ?? undefined);
      setOutcome({ text: t(mode === 'add' ? 'bank_add_success' : 'bank_edit_success'), failed: false });
      cardsChanged();
      if (navigate) setTimeout(() => location.assign(siteHref(locale, '/setting/bank')), bankSavedNoticeMs);
      else if (mode === 'add') setValues(emptyCard);
    } catch (error) {
      const server = fieldErrors(error, cardRefusals);
      const shown = Object.fromEntries(Object.entries(server).filter(([field]) => field in inputs)) as Problems;
      setProblems(shown);
      const duplicate = refusalCode(error) === 'bank_card_duplicate';
      setOutcome({ text: t(duplicate ? 'bank_duplicate' : knownRefusalKey(error, rejectedCardRefusals, 'bank_save_fail')), failed: true });
    } finally {
      setBusy(false);
    }
  };

  // A card's holder must be the member's verified name: say so before the form, not after Save (the server refuses it anyway).
  if (mode === 'add' && typeof verification === 'string' && verification !== 'approved') {
    const pending = verification === 'pending';
    return (
      <p className="gs-bank-form__verify">
        {t(pending ? 'bank_add_wait_review' : refusalKey('bank_card_needs_verification'))}{' '}
        {pending ? (
          // The approval's notice raises the unread count, which reads the member afresh; Check again asks at once.
          <>
            <WatchForNews />
            <button
              part="button"
              type="button"
              className="button button--small"
              onClick={() => void refreshSession().catch(() => undefined)}
            >
              {t('bank_check_again')}
            </button>
          </>
        ) : (
          <a href={siteHref(locale, '/setting/verify')}>{t('setting_verify')}</a>
        )}
      </p>
    );
  }

  if (loaded !== 'yes') {
    return loaded === 'loading' ? (
      <p role="status">{t('loading')}</p>
    ) : (
      <div>
        <p part="error" className="gs-message gs-message--error" role="alert">
          {t(loaded === 'missing' ? 'bank_no_card_chosen' : 'bank_load_error')}
        </p>
        {!embedded && <a href={siteHref(locale, '/setting/bank')}>{t('bank_list')}</a>}
      </div>
    );
  }

  /** The props of one field; `filter` returns what the field keeps of what was typed. */
  const field = (name: CardField, label: string, filter: (typed: string) => string = (typed) => typed) => ({
    id: `${id}-${name}`,
    name,
    label: t(label),
    value: values[name],
    onChange: (typed: string) => {
      const kept = filter(typed);
      setValues((current) => ({ ...current, [name]: kept }));
      if (name !== 'card_number') setProblems((current) => ({ ...current, [name]: undefined }));
      return kept;
    },
    // Both the screen's own checks and the server's refusals are message keys.
    error: problems[name] === undefined ? undefined : t(problems[name]),
    inputRef: inputs[name],
    autoComplete: 'off',
    maxLength: cardTextMaxLength,
  });
  const optional = t('bank_optional');

  const typeCardNumber = (typed: string) => {
    const { kept, rejected } = filterCardNumber(typed);
    setProblems((current) => ({ ...current, card_number: rejected ? 'bank_enter' : cardNumberProblem(kept, false) }));
    return kept;
  };

  return (
    <form className="gs-form gs-bank-form" method="post" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)}>
      <Field {...field('cardholder', 'bank_cardholder')} hint={t('bank_own_name_rule')} autoComplete="cc-name" />
      <Field {...field('bank_name', 'bank_bank_name')} />
      <Field {...field('card_number', 'bank_card_number', typeCardNumber)} autoComplete="cc-number" />
      <Field {...field('payment_name', 'bank_branch')} />
      <Field {...field('daily_quota', 'bank_daily_quota', filterQuota)} hint={optional} maxLength={20} />
      <Field {...field('province', 'bank_province')} hint={optional} />
      <Field {...field('city', 'bank_city')} hint={optional} />
      <FormMessage outcome={outcome} />
      <SubmitButton busy={busy}>{busy ? t('loading') : t('bank_save')}</SubmitButton>
    </form>
  );
}

/** The form adding a card, as our frame on a partner's page shows it (embed/frame-screen-code.ts). */
export const AddCardForm = () => <BankCardForm mode="add" />;
/** The form editing the card chosen in the list beside it, as our frame on a partner's page shows it. */
export const UpdateCardForm = () => <BankCardForm mode="update" />;
