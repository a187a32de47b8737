import { useEffect, useState, type FormEvent } from 'react';
import type { VerificationChoice, VerificationChoiceLists } from '../../../../contract/api/verification.ts';
import { useI18n } from '../../../core/i18n.ts';
import { knownRefusalKey } from '../../../core/refusal.ts';
import { fieldErrors } from '../../../ui/server-messages.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import { ScrollTable } from '../../shared/ScrollTable.tsx';
import { verificationChoiceRefusals } from './settings-keys.ts';

type ListName = keyof VerificationChoiceLists;
const listNames: readonly ListName[] = ['countries', 'certificate_types'];
const nameFields = ['name_zhs', 'name_zht', 'name_eng'] as const;
type NameField = (typeof nameFields)[number];

/**
 * The countries and certificate types members choose from when they verify their identity (issue 35): each named in
 * the three languages, switched off rather than deleted (members who chose one keep it). Administrators only.
 */
export function VerificationChoices() {
  const { t } = useI18n();
  const [lists, setLists] = useState<Partial<Record<ListName, VerificationChoice[]>> | null>(null);
  const [failed, setFailed] = useState(false);
  const load = () =>
    adminRequest<VerificationChoiceLists>('GET', '/verification-choices').then(
      (envelope) => setLists(envelope.detail),
      () => setFailed(true),
    );
  useEffect(() => void load(), []);

  return (
    <section aria-labelledby="gs-admin-choices" className="gs-admin__choices">
      <h3 id="gs-admin-choices">{t('admin_choices')}</h3>
      <p>{t('admin_choices_intro')}</p>
      {failed && (
        <p className="gs-message gs-message--error" role="alert">
          {t('admin_load_error')}
        </p>
      )}
      {lists !== null &&
        listNames.map((list) => (
          <ScrollTable
            key={list}
            id={`gs-admin-choices-${list}`}
            caption={t(list === 'countries' ? 'admin_choices_countries' : 'admin_choices_certificates')}
          >
            <thead>
              <tr>
                {nameFields.map((field) => (
                  <th key={field} scope="col">
                    {t(`admin_choices_${field}`)}
                  </th>
                ))}
                <th scope="col">{t('admin_choices_offered')}</th>
                <th scope="col">{t('admin_choices_action')}</th>
              </tr>
            </thead>
            <tbody>
              {(lists[list] ?? []).map((choice) => (
                <ChoiceRow key={choice.id} list={list} choice={choice} onSaved={() => void load()} />
              ))}
              <ChoiceRow list={list} choice={null} onSaved={() => void load()} />
            </tbody>
          </ScrollTable>
        ))}
    </section>
  );
}

/** One choice's names and switch, saved on their own; `choice` null is the row that adds one. */
function ChoiceRow({ list, choice, onSaved }: { list: ListName; choice: VerificationChoice | null; onSaved: () => void }) {
  const { t } = useI18n();
  const blank = { name_zhs: '', name_zht: '', name_eng: '' };
  const [names, setNames] = useState<Record<NameField, string>>(
    choice === null ? blank : { name_zhs: choice.name_zhs, name_zht: choice.name_zht, name_eng: choice.name_eng },
  );
  const [enabled, setEnabled] = useState(choice?.enabled ?? true);
  const [wrong, setWrong] = useState<NameField[]>([]);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  // The row's own name for its controls: the English name, or "new" on the adding row.
  const rowName = choice === null ? t('admin_choices_new') : choice.name_eng;
  const prefix = `gs-choice-${list}-${choice?.id ?? 'new'}`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const missing = nameFields.filter((field) => names[field].trim() === '');
    setWrong(missing);
    if (missing.length > 0) {
      setMessage({ text: t('admin_choices_name_required'), failed: true });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      if (choice === null) await adminRequest('POST', `/verification-choices/${list}`, names);
      else await adminRequest('PUT', `/verification-choices/${list}/${choice.id}`, { ...names, enabled });
      setMessage({ text: t(choice === null ? 'admin_choices_added' : 'admin_choices_saved'), failed: false });
      if (choice === null) setNames(blank);
      onSaved();
    } catch (error) {
      const fields = Object.keys(fieldErrors(error, verificationChoiceRefusals)).filter((field): field is NameField =>
        (nameFields as readonly string[]).includes(field),
      );
      setWrong(fields);
      setMessage({
        text:
          fields.length > 0
            ? t('admin_choices_name_required')
            : t(knownRefusalKey(error, verificationChoiceRefusals, 'admin_action_failed')),
        failed: true,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <tr>
      {nameFields.map((field) => (
        <td key={field}>
          <input
            id={`${prefix}-${field}`}
            form={prefix}
            value={names[field]}
            maxLength={60}
            aria-label={`${t(`admin_choices_${field}`)}: ${rowName}`}
            aria-invalid={wrong.includes(field) ? true : undefined}
            aria-describedby={`${prefix}-message`}
            onInput={(event) => setNames((current) => ({ ...current, [field]: event.currentTarget.value }))}
          />
        </td>
      ))}
      <td>
        {choice !== null && (
          <input
            type="checkbox"
            form={prefix}
            checked={enabled}
            aria-label={`${t('admin_choices_offered')}: ${rowName}`}
            onChange={(event) => setEnabled(event.currentTarget.checked)}
          />
        )}
      </td>
      <td>
        <form id={prefix} onSubmit={(event) => void save(event)} noValidate>
          <button
            type="submit"
            className="button button--small"
            aria-busy={busy}
            aria-label={`${t(choice === null ? 'admin_choices_add' : 'admin_choices_save')}: ${rowName}`}
          >
            {t(choice === null ? 'admin_choices_add' : 'admin_choices_save')}
          </button>
        </form>
        <p id={`${prefix}-message`} role="status" className={message?.failed === true ? 'gs-field__error' : 'gs-field__hint'}>
          {message?.text}
        </p>
      </td>
    </tr>
  );
}
