import { useState, type FormEvent } from 'react';
import type { CatalogueRoom } from '../../../../contract/api/catalogue.ts';
import { useI18n } from '../../../core/i18n.ts';
import { Field } from '../../../ui/form.tsx';
import type { Outcome } from '../../shared/queue-parts.tsx';
import { adminRequest } from '../../shared/operator-session.ts';
import { catalogueWording } from './catalogue-keys.ts';
import { useFormSubmission } from '../../shared/form-submission.ts';
import { formFields } from '../../shared/form-fields.ts';
import { blankTexts, catalogueLocales, FormEnd, LocaleColumns, type Errors, type Texts } from './catalogue-form-parts.tsx';

const wholePattern = /^[1-9]\d{0,9}$/;

/** Adds an engine room (room null) or edits one; its installed capacity is what every order's share divides by. */
export function RoomForm({ room, onClose }: { room: CatalogueRoom | null; onClose: (done: Outcome | null) => void }) {
  const { t } = useI18n();
  const prefix = room === null ? 'gs-room-add' : `gs-room-edit-${room.id}`;
  const [texts, setTexts] = useState<Record<string, Texts>>({
    names: room?.names ?? blankTexts(),
    locations: room?.locations ?? blankTexts(),
    types: room?.types ?? blankTexts(),
  });
  const [capacity, setCapacity] = useState(room?.capacity_units === null || room === null ? '' : String(room.capacity_units));
  const [reason, setReason] = useState('');
  // Changing a capacity already set changes every order's share from then on: the audit log keeps why.
  const capacityChanges = room !== null && room.capacity_units !== null && capacity.trim() !== String(room.capacity_units);
  const { errors, failure, busy, submit: send } = useFormSubmission(catalogueWording);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    for (const field of ['names', 'locations', 'types'])
      for (const locale of catalogueLocales) if (texts[field]?.[locale].trim() === '') found[`${field}.${locale}`] = t('admin_cat_needed');
    if (!wholePattern.test(capacity.trim())) found.capacity_units = t('admin_cat_number_invalid');
    if (capacityChanges && reason.trim() === '') found.reason = t('admin_cat_needed');
    const body = { ...texts, capacity_units: Number(capacity), ...(capacityChanges ? { reason: reason.trim() } : {}) };
    return send(found, async () => {
      if (room === null) await adminRequest('POST', '/catalogue/engine-rooms', formFields(body));
      else await adminRequest('PUT', `/catalogue/engine-rooms/${room.id}`, formFields(body));
      onClose({ text: t('admin_cat_saved', { name: texts.names?.zhs ?? '' }), failed: false });
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="gs-admin__item">
      <fieldset className="gs-admin__form">
        <legend>{room === null ? t('admin_cat_add_room') : t('admin_cat_editing', { name: room.names.zhs })}</legend>
        <LocaleColumns
          prefix={prefix}
          fields={[
            { field: 'names', label: t('admin_cat_name'), maxLength: 80 },
            { field: 'locations', label: t('admin_cat_location'), maxLength: 120 },
            { field: 'types', label: t('admin_cat_type'), maxLength: 60 },
          ]}
          values={texts}
          errors={errors}
          onChange={(field, locale, value) =>
            setTexts((current) => ({ ...current, [field]: { ...(current[field] ?? blankTexts()), [locale]: value } }))
          }
        />
        <Field
          id={`${prefix}-capacity`}
          name="capacity_units"
          label={t('admin_cat_room_capacity')}
          hint={t('admin_cat_room_capacity_hint')}
          value={capacity}
          onChange={setCapacity}
          error={errors.capacity_units}
          maxLength={10}
          autoComplete="off"
        />
        {room?.units_held !== undefined && <p className="gs-field__hint">{t('admin_cat_room_held', { units: room.units_held })}</p>}
        {capacityChanges && (
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
        )}
        <FormEnd failure={failure} busy={busy} onCancel={room === null ? null : () => onClose(null)} />
      </fieldset>
    </form>
  );
}
