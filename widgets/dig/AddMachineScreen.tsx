import { useId, useRef, useState, type FormEvent } from 'react';
import { Field, FormMessage, SubmitButton, type Outcome } from '../ui/form.tsx';
import { apiRequest } from '../core/api.ts';
import { useI18n } from '../core/i18n.ts';
import { refusalCode } from '../core/refusal.ts';
import { siteHref } from '../core/locale.ts';
import { refreshSession } from '../ui/SessionWatcher.tsx';

/** How long "machine added" shows before the site goes back to /dig. */
export const addedNoticeMs = 1_500;
const serialLengthMax = 40;

function failureKey(error: unknown): string {
  const code = refusalCode(error);
  if (code === 'device_serial_unknown') return 'dig_serial_not_found';
  if (code === 'device_bound_elsewhere') return 'dig_serial_taken';
  if (code === 'device_retired') return 'refusal_device_retired';
  if (code === 'validation') return 'dig_serial_invalid';
  return 'dig_add_fail';
}

/** The original app's /addmachine screen: a machine's serial binds it to the member (POST v1/device). */
export function AddMachineScreen({ navigate = false }: { navigate?: boolean }) {
  const { locale, t } = useI18n();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [serial, setSerial] = useState('');
  const [problem, setProblem] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setOutcome(null);
    if (serial.trim() === '') {
      setProblem(t('dig_serial'));
      input.current?.focus();
      return;
    }
    setProblem('');
    setBusy(true);
    try {
      await apiRequest('POST', '/v1/device', { serial: serial.trim() });
      setOutcome({ text: t('dig_add_success'), failed: false });
      setSerial('');
      // The user object carries the machines: refresh it so /dig shows the new one at once.
      await refreshSession().catch(() => undefined);
      if (navigate) setTimeout(() => location.assign(siteHref(locale, '/dig')), addedNoticeMs);
    } catch (error) {
      setOutcome({ text: t(failureKey(error)), failed: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="gs-form" method="post" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)}>
      <Field
        id={`${id}-serial`}
        name="serial"
        label={t('dig_serial_label')}
        value={serial}
        onChange={setSerial}
        error={problem}
        autoComplete="off"
        maxLength={serialLengthMax}
        inputRef={input}
      />
      <FormMessage outcome={outcome} />
      <SubmitButton busy={busy}>{t('dig_submit')}</SubmitButton>
      <p className="gs-form__aside">
        <a href={siteHref(locale, '/dig')}>{t('dig_title')}</a>
      </p>
    </form>
  );
}
