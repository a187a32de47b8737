import { useState, type FormEvent } from 'react';
import { useI18n } from '../../../core/i18n.ts';
import { Field } from '../../../ui/form.tsx';
import { catalogueWording } from './catalogue-keys.ts';
import { useFormSubmission } from '../../shared/form-submission.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import type { Outcome } from '../../shared/queue-parts.tsx';
import type { CatalogueRoom } from '../../../../contract/api/catalogue.ts';

const choices = ['offered', 'hidden', 'retired'] as const;

/**
 * Offers, hides or retires a room, with a reason (decision 052): only an offered room takes new
 * orders; a retired room's orders keep earning from its revenue until an operator moves them,
 * with a reason, to a room with space for them.
 */
export function RoomStateForm({ room, onClose }: { room: CatalogueRoom; onClose: (done: Outcome | null) => void }) {
  const { t } = useI18n();
  const prefix = `gs-room-state-${room.id}`;
  const [state, setState] = useState<(typeof choices)[number]>(
    room.state === 'hidden' || room.state === 'retired' ? room.state : 'offered',
  );
  const [reason, setReason] = useState('');
  const [target, setTarget] = useState('');
  const { errors, failure, busy, submit: send } = useFormSubmission(catalogueWording);
  const moving = room.state === 'retired';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (reason.trim() === '') found.reason = t('admin_cat_needed');
    if (moving && !/^[1-9]\d{0,9}$/.test(target.trim())) found.to_engine_room_id = t('admin_cat_number_invalid');
    return send(found, async () => {
      if (moving)
        await adminRequest('POST', `/engine-rooms/${room.id}/move-orders`, { to_engine_room_id: Number(target), reason: reason.trim() });
      else await adminRequest('PUT', `/engine-rooms/${room.id}/state`, { state, reason: reason.trim() });
      onClose({ text: t('admin_cat_saved', { name: room.names.zhs }), failed: false });
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="gs-admin__item">
      <fieldset className="gs-admin__form">
        <legend>
          {t('admin_cat_room_state')}: {room.names.zhs}
        </legend>
        {moving ? (
          <Field
            id={`${prefix}-target`}
            name="to_engine_room_id"
            label={t('admin_cat_room_move_to')}
            hint={t('admin_cat_room_move_to_hint')}
            value={target}
            onChange={setTarget}
            error={errors.to_engine_room_id}
            maxLength={10}
            autoComplete="off"
          />
        ) : (
          <div className="gs-field">
            <label htmlFor={`${prefix}-state`}>{t('admin_cat_room_state')}</label>
            <select
              id={`${prefix}-state`}
              value={state}
              onChange={(event) => setState(event.currentTarget.value as (typeof choices)[number])}
            >
              {choices.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`admin_cat_room_state_${choice}`)}
                </option>
              ))}
            </select>
          </div>
        )}
        <Field
          id={`${prefix}-reason`}
          name="reason"
          label={t('admin_cat_room_reason')}
          hint={t('admin_cat_room_reason_hint')}
          value={reason}
          onChange={setReason}
          error={errors.reason}
          maxLength={500}
        />
        <p className="gs-message gs-message--error" role="alert">
          {failure}
        </p>
        <div className="gs-actions">
          <button type="submit" className="button button--small" disabled={busy}>
            {t(moving ? 'admin_cat_room_move' : 'admin_cat_room_state_save')}
          </button>
          <button type="button" className="button button--small button--quiet" onClick={() => onClose(null)}>
            {t('admin_members_cancel')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
