import { useEffect, useState, type FormEvent } from 'react';
import type { VirtualCurrencyState } from '../../../../contract/api/receiving.ts';
import { useI18n } from '../../../core/i18n.ts';
import { Field } from '../../../ui/form.tsx';
import { adminRequest } from '../../shared/operator-session.ts';
import { NoteField, type Outcome, OutcomeLines } from '../../shared/queue-parts.tsx';
import { receivingWording } from './receiving-refusals.ts';

const path = '/receiving-accounts/virtual-currency';

/**
 * Payment method 2: the receiving address and its network. Saving an address switches the method
 * on, so members see it in the cart with the address and its QR code; switching it off takes a reason.
 */
export function VirtualCurrency() {
  const { t } = useI18n();
  const [state, setState] = useState<VirtualCurrencyState | null>(null);
  const [address, setAddress] = useState('');
  const [network, setNetwork] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  const shown = (next: VirtualCurrencyState) => {
    setState(next);
    setAddress(next.address ?? '');
    setNetwork(next.network ?? '');
  };

  useEffect(() => {
    let live = true;
    adminRequest<VirtualCurrencyState>('GET', path)
      .then((envelope) => live && shown(envelope.detail))
      .catch(() => live && setOutcome({ text: t('admin_load_error'), failed: true }));
    return () => {
      live = false;
    };
  }, []);

  const send = async (body: Record<string, unknown>, done: string) => {
    setBusy(true);
    setErrors({});
    setOutcome(null);
    try {
      shown((await adminRequest<VirtualCurrencyState>('PUT', path, body)).detail);
      setReason('');
      setOutcome({ text: t(done), failed: false });
    } catch (error) {
      setErrors(receivingWording.fields(error, t));
      setOutcome({ text: receivingWording.text(error, t), failed: true });
    } finally {
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    void send({ address: address.trim(), network: network.trim() }, 'admin_vc_saved');
  };

  const switchOff = () => {
    if (reason.trim() === '') {
      setErrors({ reason: t('admin_reason_needed') });
      return;
    }
    void send({ enabled: false, reason: reason.trim() }, 'admin_vc_disabled');
  };

  return (
    <section aria-labelledby="gs-admin-vc" className="gs-admin__item">
      <h3 id="gs-admin-vc">{t('admin_vc_title')}</h3>
      <OutcomeLines outcome={outcome} />
      {state !== null && <p>{state.enabled ? t('admin_vc_on') : t('admin_vc_off')}</p>}
      <form onSubmit={save} noValidate>
        <Field
          id="gs-vc-address"
          name="address"
          label={t('admin_vc_address')}
          hint={t('admin_vc_address_hint')}
          value={address}
          onChange={setAddress}
          error={errors.address}
          autoComplete="off"
          maxLength={128}
        />
        <Field
          id="gs-vc-network"
          name="network"
          label={t('admin_vc_network')}
          hint={t('admin_vc_network_hint')}
          value={network}
          onChange={setNetwork}
          error={errors.network}
          autoComplete="off"
          maxLength={40}
        />
        <div className="gs-actions">
          <button type="submit" className="button button--small" disabled={busy} aria-busy={busy}>
            {t('admin_vc_save')}
          </button>
        </div>
      </form>
      {state?.qr && (
        <svg
          className="gs-admin__qr"
          viewBox={`0 0 ${state.qr.size} ${state.qr.size}`}
          width="160"
          height="160"
          role="img"
          aria-label={t('admin_vc_qr')}
        >
          <rect width={state.qr.size} height={state.qr.size} fill="#fff" />
          <path d={state.qr.path} fill="#000" shape-rendering="crispEdges" />
        </svg>
      )}
      {state?.enabled === true && (
        <div>
          <NoteField id="gs-vc-reason" label={t('admin_recv_disable_reason')} maxLength={500} value={reason} onChange={setReason} />
          <p className="gs-field__error" aria-live="polite">
            {errors.reason}
          </p>
          <div className="gs-actions">
            <button type="button" className="button button--small button--secondary" disabled={busy} onClick={switchOff}>
              {t('admin_vc_disable')}
            </button>
          </div>
        </div>
      )}
      {state !== null && !state.enabled && state.address !== null && (
        <div className="gs-actions">
          <button
            type="button"
            className="button button--small"
            disabled={busy}
            onClick={() => void send({ enabled: true }, 'admin_vc_enabled')}
          >
            {t('admin_vc_enable')}
          </button>
        </div>
      )}
    </section>
  );
}
