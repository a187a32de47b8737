import type { PartnerSite } from '../../../../contract/api/partner-sites.ts';
import { referralCodeLengthMax } from '../../../../contract/limits.ts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useI18n } from '../../../core/i18n.ts';
import { usePagedList, type Paged } from '../../../core/paged.ts';
import { partnerSiteRefusals } from './partners-keys.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { Field } from '../../../ui/form.tsx';
import { refusalWording, useFormSubmission, type FieldErrors } from '../../shared/form-submission.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import { EditAndSwitch, QueueStatus, type Outcome } from '../../shared/queue-parts.tsx';
import { ReasonPanel } from '../../shared/ReasonPanel.tsx';
import { ScrollTable } from '../../shared/ScrollTable.tsx';

const wording = refusalWording(partnerSiteRefusals);

/** What an open panel under the table is doing to one site. */
type Panel = { kind: 'edit'; site: PartnerSite } | { kind: 'disable'; site: PartnerSite };

/**
 * The partner sites allowed to embed the widgets (decision 017): what each brought, a form to add
 * one, and per site an edit, a disable with a reason or an enable. Changes apply on every server
 * at once, so the table is what partners live with.
 */
export function Partners() {
  const { t } = useI18n();
  const list = usePagedList<PartnerSite>('/partner-sites', (path) => adminRequest<Paged<PartnerSite>>('GET', path));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [busy, setBusy] = useState(false);

  const enable = async (site: PartnerSite) => {
    setBusy(true);
    try {
      await adminRequest('PUT', `/partner-sites/${site.id}`, { enabled: true });
      setOutcome({ text: t('admin_partner_enabled', { origin: site.origin }), failed: false });
    } catch (error) {
      setOutcome({ text: wording.text(error, t), failed: true });
    } finally {
      setBusy(false);
    }
    list.reload();
  };

  const closed = (done: Outcome | null) => {
    setPanel(null);
    if (done !== null) setOutcome(done);
    list.reload();
  };

  return (
    <section aria-labelledby="gs-admin-partners">
      <h2 id="gs-admin-partners">{t('admin_partner_sites')}</h2>
      <QueueStatus outcome={outcome} list={list} />
      <ScrollTable id="gs-partner-sites-caption" caption={t('admin_partner_sites_caption')}>
        <thead>
          <tr>
            <th scope="col">{t('admin_partner_origin')}</th>
            <th scope="col">{t('admin_partner_name')}</th>
            <th scope="col">{t('admin_partner_referral')}</th>
            <th scope="col">{t('admin_partner_state')}</th>
            <th scope="col">{t('admin_partner_members')}</th>
            <th scope="col">{t('admin_partner_orders')}</th>
            <th scope="col">{t('admin_partner_actions')}</th>
          </tr>
        </thead>
        <tbody>
          {(list.page?.data ?? []).map((site) => (
            <tr key={site.id}>
              <th scope="row" id={`gs-partner-${site.id}`}>
                <code>{site.origin}</code>
              </th>
              <td>{site.name}</td>
              <td>{site.referral_code ?? t('admin_partner_none')}</td>
              <td>{site.enabled ? t('admin_partner_on') : t('admin_partner_off')}</td>
              <td>{site.members}</td>
              <td>{site.orders}</td>
              <td>
                <div className="gs-actions">
                  <EditAndSwitch
                    describedBy={`gs-partner-${site.id}`}
                    enabled={site.enabled}
                    busy={busy}
                    keys="admin_partner_"
                    onEdit={() => setPanel({ kind: 'edit', site })}
                    onDisable={() => setPanel({ kind: 'disable', site })}
                    onEnable={() => void enable(site)}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {list.page !== null && <Pager page={list.page} onGo={list.go} />}
      {panel?.kind === 'edit' && <EditSite key={`edit-${panel.site.id}`} site={panel.site} onClose={closed} />}
      {panel?.kind === 'disable' && <DisableSite key={`disable-${panel.site.id}`} site={panel.site} onClose={closed} />}
      <AddSite onAdded={(site) => closed({ text: t('admin_partner_added', { origin: site.origin }), failed: false })} />
    </section>
  );
}

/** Moves focus into a panel as it opens, so a keyboard user lands on what they asked for. */
function useFocusOnOpen() {
  const ref = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);
  return ref;
}

type Edited = [value: string, set: (value: string) => void];

/** A site's name and the referral code its new members are attributed to, as both the add and the edit form take them. */
function NameAndCode({ idPrefix, name, code, errors }: { idPrefix: string; name: Edited; code: Edited; errors: FieldErrors }) {
  const { t } = useI18n();
  return (
    <>
      <Field
        id={`${idPrefix}-name`}
        name="name"
        label={t('admin_partner_name')}
        value={name[0]}
        onChange={name[1]}
        error={errors.name}
        maxLength={80}
      />
      <Field
        id={`${idPrefix}-code`}
        name="referral_code"
        label={t('admin_partner_referral')}
        hint={t('admin_partner_referral_hint')}
        value={code[0]}
        onChange={code[1]}
        error={errors.referral_code}
        autoComplete="off"
        maxLength={referralCodeLengthMax}
      />
    </>
  );
}

function AddSite({ onAdded }: { onAdded: (site: PartnerSite) => void }) {
  const { t } = useI18n();
  const [origin, setOrigin] = useState('');
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const { errors, failure, busy, submit: send } = useFormSubmission(wording);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const blank: FieldErrors = {};
    if (origin.trim() === '') blank.origin = t('admin_partner_origin_needed');
    if (name.trim() === '') blank.name = t('admin_partner_name_needed');
    return send(blank, async () => {
      const envelope = await adminRequest<PartnerSite>('POST', '/partner-sites', {
        origin: origin.trim(),
        name: name.trim(),
        // Form-encoded: a blank code is sent as empty text, which the server reads as none.
        referral_code: code.trim(),
      });
      setOrigin('');
      setName('');
      setCode('');
      onAdded(envelope.detail);
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="gs-partner-add">
      <h3 id="gs-partner-add">{t('admin_partner_add')}</h3>
      <Field
        id="gs-partner-origin"
        name="origin"
        label={t('admin_partner_origin')}
        hint={t('admin_partner_origin_hint')}
        value={origin}
        onChange={setOrigin}
        error={errors.origin}
        autoComplete="off"
        maxLength={200}
      />
      <NameAndCode idPrefix="gs-partner" name={[name, setName]} code={[code, setCode]} errors={errors} />
      <p className="gs-message gs-message--error" role="alert">
        {failure}
      </p>
      <div className="gs-actions">
        <button type="submit" className="button button--small" disabled={busy} aria-busy={busy}>
          {t('admin_partner_add')}
        </button>
      </div>
    </form>
  );
}

interface PanelProps {
  site: PartnerSite;
  onClose: (done: Outcome | null) => void;
}

function EditSite({ site, onClose }: PanelProps) {
  const { t } = useI18n();
  const [name, setName] = useState(site.name);
  const [code, setCode] = useState(site.referral_code ?? '');
  const { errors, failure, busy, submit: send } = useFormSubmission(wording);
  const ref = useFocusOnOpen();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    return send(name.trim() === '' ? { name: t('admin_partner_name_needed') } : {}, async () => {
      await adminRequest('PUT', `/partner-sites/${site.id}`, { name: name.trim(), referral_code: code.trim() });
      onClose({ text: t('admin_partner_saved', { origin: site.origin }), failed: false });
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="gs-admin__item">
      <fieldset ref={ref}>
        <legend>{t('admin_partner_editing', { origin: site.origin })}</legend>
        <NameAndCode idPrefix="gs-partner-edit" name={[name, setName]} code={[code, setCode]} errors={errors} />
        <p className="gs-message gs-message--error" role="alert">
          {failure}
        </p>
        <div className="gs-actions">
          <button type="submit" className="button button--small" disabled={busy} aria-busy={busy}>
            {t('admin_partner_save')}
          </button>
          <button type="button" className="button button--small button--quiet" onClick={() => onClose(null)}>
            {t('admin_partner_cancel')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function DisableSite({ site, onClose }: PanelProps) {
  const { t } = useI18n();
  return (
    <ReasonPanel
      id="gs-partner-reason"
      legend={t('admin_partner_disabling', { origin: site.origin })}
      reasonLabel={t('admin_partner_disable_reason')}
      submitLabel={t('admin_partner_disable')}
      cancelLabel={t('admin_partner_cancel')}
      act={async (reason) => {
        await adminRequest('PUT', `/partner-sites/${site.id}`, { enabled: false, reason });
        return t('admin_partner_disabled', { origin: site.origin });
      }}
      refused={(error) => wording.text(error, t)}
      onClose={onClose}
    />
  );
}
