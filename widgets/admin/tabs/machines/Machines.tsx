import type { Machine, NewMachine } from '../../../../contract/api/devices.ts';
import type { EngineRoom } from '../../../../contract/api/distribution.ts';
import { machineFilters, type MachineFilter } from '../../shared/admin-place.ts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useI18n } from '../../../core/i18n.ts';
import { localName } from '../../../core/local-name.ts';
import { usePagedList, type Paged } from '../../../core/paged.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { Field } from '../../../ui/form.tsx';
import { refusalWording, useFormSubmission, type FieldErrors } from '../../shared/form-submission.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import { QueueStatus, type Outcome } from '../../shared/queue-parts.tsx';
import { machineRefusals } from './machines-keys.ts';
import { ReasonPanel } from '../../shared/ReasonPanel.tsx';
import { dateTimeFormat } from '../../../core/date-time.ts';
import { ScrollTable } from '../../shared/ScrollTable.tsx';
import { loadRooms } from '../../shared/rooms.ts';

const filters = machineFilters;
type Filter = MachineFilter;

/** A serial number already taken belongs to the serial field. */
const wording = refusalWording(machineRefusals, { device_serial_taken: 'serial' });

/**
 * The machine inventory (issue 14, item 5): a paged table filtered on the server, a form to add a
 * machine whose device secret is shown this once, and per machine a retirement with a reason.
 */
export function Machines({ initialFilter = 'all', onFilterChange }: { initialFilter?: Filter; onFilterChange?: (filter: Filter) => void }) {
  const { locale, t } = useI18n();
  const [filter, chooseFilter] = useState<Filter>(initialFilter);
  const setFilter = (next: Filter) => {
    chooseFilter(next);
    onFilterChange?.(next);
  };
  const list = usePagedList<Machine>(filter === 'all' ? '/devices' : `/devices?filter=${filter}`, (path) =>
    adminRequest<Paged<Machine>>('GET', path),
  );
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [retiring, setRetiring] = useState<Machine | null>(null);
  const [secret, setSecret] = useState<{ serial: string; secret: string } | null>(null);
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const when = (iso: string | null, never: string) => (iso === null ? never : <time dateTime={iso}>{time.format(new Date(iso))}</time>);

  const retired = (done: Outcome | null) => {
    setRetiring(null);
    if (done !== null) setOutcome(done);
    list.reload();
  };

  return (
    <section aria-labelledby="gs-admin-machines">
      <h2 id="gs-admin-machines">{t('admin_machines')}</h2>
      <div className="gs-toggle" role="group" aria-label={t('admin_machines_filter')}>
        {filters.map((name) => (
          <button
            key={name}
            type="button"
            className="button button--small button--quiet"
            aria-pressed={filter === name}
            onClick={() => setFilter(name)}
          >
            {t(`admin_machines_${name}`)}
          </button>
        ))}
      </div>
      <QueueStatus outcome={outcome} list={list} />
      <ScrollTable id="gs-machines-caption" caption={t('admin_machines_caption')}>
        <thead>
          <tr>
            <th scope="col">{t('admin_machines_serial')}</th>
            <th scope="col">{t('admin_machines_room')}</th>
            <th scope="col">{t('admin_machines_member')}</th>
            <th scope="col">{t('admin_machines_state')}</th>
            <th scope="col">{t('admin_machines_last_seen')}</th>
            <th scope="col">{t('admin_machines_retirement')}</th>
            <th scope="col">{t('admin_machines_actions')}</th>
          </tr>
        </thead>
        <tbody>
          {(list.page?.data ?? []).map((machine) => (
            <tr key={machine.id}>
              <th scope="row" id={`gs-machine-${machine.id}`}>
                <code>{machine.serial_number}</code>
              </th>
              <td>{localName({ name: machine.engine_room_name, names: machine.engine_room_names }, locale)}</td>
              <td>{machine.username ?? t('admin_machines_unbound')}</td>
              <td>
                {machine.retired_at !== null
                  ? t('admin_machines_retired')
                  : t(machine.status === 'online' ? 'admin_machines_online' : 'admin_machines_offline')}
              </td>
              <td>{when(machine.last_heartbeat_at, t('admin_machines_never'))}</td>
              <td>
                {machine.retired_at === null ? (
                  t('admin_machines_in_service')
                ) : (
                  <>
                    {when(machine.retired_at, '')}
                    {machine.retired_reason !== null && <span className="gs-admin__note"> · {machine.retired_reason}</span>}
                  </>
                )}
              </td>
              <td>
                {machine.retired_at === null && (
                  <button
                    type="button"
                    className="button button--small button--secondary"
                    aria-describedby={`gs-machine-${machine.id}`}
                    onClick={() => setRetiring(machine)}
                  >
                    {t('admin_machines_retire')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {list.page !== null && <Pager page={list.page} onGo={list.go} />}
      {retiring !== null && <RetireMachine key={retiring.id} machine={retiring} onClose={retired} />}
      {secret !== null && <SecretOnce serial={secret.serial} secret={secret.secret} onDone={() => setSecret(null)} />}
      <AddMachine
        onAdded={(machine) => {
          setSecret({ serial: machine.serial_number, secret: machine.secret });
          setOutcome({ text: t('admin_machines_added', { serial: machine.serial_number }), failed: false });
          list.reload();
        }}
      />
    </section>
  );
}

/** The device secret, shown once with a copy button and a plain warning; it takes the focus as it appears. */
function SecretOnce({ serial, secret, onDone }: { serial: string; secret: string; onDone: () => void }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState<Outcome | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [secret]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied({ text: t('admin_copied'), failed: false });
    } catch {
      setCopied({ text: t('admin_copy_failed'), failed: true });
    }
  };
  return (
    <div className="gs-admin__item gs-admin__secret" role="region" aria-labelledby="gs-machine-secret">
      <h3 id="gs-machine-secret" tabIndex={-1} ref={heading}>
        {t('admin_machines_secret', { serial })}
      </h3>
      <p className="gs-message gs-message--error" id="gs-machine-secret-warning">
        {t('admin_machines_secret_warning')}
      </p>
      <p>
        <code className="gs-admin__card-number" aria-describedby="gs-machine-secret-warning">
          {secret}
        </code>
      </p>
      <div className="gs-actions">
        <button type="button" className="button button--small" onClick={() => void copy()}>
          {t('admin_copy')}
        </button>
        <button type="button" className="button button--small button--quiet" onClick={onDone}>
          {t('admin_machines_secret_done')}
        </button>
      </div>
      <p className={`gs-message ${copied?.failed === true ? 'gs-message--error' : 'gs-message--ok'}`} role="status">
        {copied?.text ?? ''}
      </p>
    </div>
  );
}

function AddMachine({ onAdded }: { onAdded: (machine: NewMachine) => void }) {
  const { locale, t } = useI18n();
  const [rooms, setRooms] = useState<EngineRoom[]>([]);
  const [serial, setSerial] = useState('');
  const [room, setRoom] = useState('');
  const { errors, failure, setFailure, busy, submit: send } = useFormSubmission(wording);

  useEffect(() => {
    loadRooms()
      .then((envelope) => {
        setRooms(envelope.detail);
        setRoom((chosen) => (chosen === '' ? String(envelope.detail[0]?.id ?? '') : chosen));
      })
      .catch(() => setFailure(t('admin_load_error')));
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const blank: FieldErrors = {};
    if (serial.trim() === '') blank.serial = t('admin_machines_serial_needed');
    if (room === '') blank.engine_room_id = t('admin_machines_room_needed');
    return send(blank, async () => {
      const envelope = await adminRequest<NewMachine>('POST', '/devices', {
        serial: serial.trim(),
        engine_room_id: room,
      });
      setSerial('');
      onAdded(envelope.detail);
    });
  };

  const roomError = errors.engine_room_id;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="gs-machine-add">
      <h3 id="gs-machine-add">{t('admin_machines_add')}</h3>
      <Field
        id="gs-machine-serial"
        name="serial"
        label={t('admin_machines_serial')}
        hint={t('admin_machines_serial_hint')}
        value={serial}
        onChange={setSerial}
        error={errors.serial}
        autoComplete="off"
        maxLength={40}
      />
      <div className="gs-field">
        <label htmlFor="gs-machine-room">{t('admin_machines_room')}</label>
        <div className="gs-field__control">
          <select
            id="gs-machine-room"
            name="engine_room_id"
            value={room}
            aria-invalid={roomError ? true : undefined}
            aria-describedby={roomError ? 'gs-machine-room-error' : undefined}
            onChange={(event) => setRoom(event.currentTarget.value)}
          >
            {rooms.map((option) => (
              <option key={option.id} value={option.id}>
                {localName(option, locale)}
              </option>
            ))}
          </select>
        </div>
        {roomError && (
          <p id="gs-machine-room-error" className="gs-field__error">
            {roomError}
          </p>
        )}
      </div>
      <p className="gs-message gs-message--error" role="alert">
        {failure}
      </p>
      <div className="gs-actions">
        <button type="submit" className="button button--small" disabled={busy} aria-busy={busy}>
          {t('admin_machines_add')}
        </button>
      </div>
    </form>
  );
}

function RetireMachine({ machine, onClose }: { machine: Machine; onClose: (done: Outcome | null) => void }) {
  const { t } = useI18n();
  return (
    <ReasonPanel
      id="gs-machine-reason"
      legend={t('admin_machines_retiring', { serial: machine.serial_number })}
      note={t('admin_machines_retire_note')}
      reasonLabel={t('admin_machines_retire_reason')}
      submitLabel={t('admin_machines_retire')}
      cancelLabel={t('admin_machines_cancel')}
      act={async (reason) => {
        await adminRequest('POST', `/devices/${machine.id}/retire`, { reason });
        return t('admin_machines_retired_done', { serial: machine.serial_number });
      }}
      refused={(error) => wording.text(error, t)}
      onClose={onClose}
    />
  );
}
