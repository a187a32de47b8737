import type { CatalogueProduct } from '../../../../contract/api/catalogue.ts';
import { formFields } from '../../shared/form-fields.ts';
import { useState, type FormEvent } from 'react';
import { useI18n } from '../../../core/i18n.ts';
import { Field } from '../../../ui/form.tsx';
import { NoteField, type Outcome } from '../../shared/queue-parts.tsx';
import { adminRequest } from '../../shared/operator-session.ts';
import { catalogueWording } from './catalogue-keys.ts';
import { useFormSubmission } from '../../shared/form-submission.ts';
import { blankTexts, catalogueLocales, FormEnd, LocaleColumns, PictureUpload, type Errors, type Texts } from './catalogue-form-parts.tsx';

const localisedFields = [
  { field: 'names', label: 'admin_cat_name', maxLength: 80, required: true },
  { field: 'units', label: 'admin_cat_unit', maxLength: 20, required: true },
  { field: 'descriptions', label: 'admin_cat_description', maxLength: 2000, multiline: true },
  { field: 'specifications', label: 'admin_cat_specifications', maxLength: 2000, multiline: true },
] as const;

/** The server's rule: points above 0 with at most 4 decimals. */
const pricePattern = /^\d{1,15}(\.\d{1,4})?$/;
const wholePattern = /^[1-9]\d{0,9}$/;
/** A price as its canonical decimal text ("120.5000" and "120.5" are one price), compared as text, never as a float. */
const canonicalPrice = (text: string) =>
  text
    .trim()
    .replace(/^0+(?=\d)/, '')
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');

/** Adds a product (product null) or edits one: every field, the three locales side by side, checked field by field. */
export function ProductForm({ product, onClose }: { product: CatalogueProduct | null; onClose: (done: Outcome | null) => void }) {
  const { t } = useI18n();
  const prefix = product === null ? 'gs-cat-add' : `gs-cat-edit-${product.id}`;
  const [texts, setTexts] = useState<Record<string, Texts>>({
    names: product?.names ?? blankTexts(),
    units: product?.units ?? blankTexts(),
    descriptions: product?.descriptions ?? blankTexts(),
    specifications: product?.specifications ?? blankTexts(),
  });
  const [price, setPrice] = useState(product?.price ?? '');
  const [quantity, setQuantity] = useState(String(product?.quantity ?? ''));
  const [watts, setWatts] = useState(String(product?.rated_capacity_watts ?? ''));
  const [onSale, setOnSale] = useState(product?.on_sale ?? true);
  const [pictures, setPictures] = useState<string[]>(product?.pictures ?? []);
  const [certificates, setCertificates] = useState(product?.certificates ?? []);
  const [certificateName, setCertificateName] = useState('');
  const [reason, setReason] = useState('');
  const { errors, failure, busy, submit: send } = useFormSubmission(catalogueWording);
  const priceChanged = product !== null && canonicalPrice(price) !== canonicalPrice(product.price);

  const check = (): Errors => {
    const found: Errors = {};
    for (const item of localisedFields)
      if ('required' in item)
        for (const locale of catalogueLocales)
          if (texts[item.field]?.[locale].trim() === '') found[`${item.field}.${locale}`] = t('admin_cat_needed');
    if (!pricePattern.test(price.trim()) || !/[1-9]/.test(price)) found.price = t('admin_cat_price_invalid');
    if (!wholePattern.test(quantity.trim())) found.quantity = t('admin_cat_number_invalid');
    else if (product !== null && Number(quantity) < product.sold) found.quantity = t('admin_cat_below_sold', { sold: product.sold });
    if (!wholePattern.test(watts.trim())) found.rated_capacity_watts = t('admin_cat_number_invalid');
    if (priceChanged && reason.trim() === '') found.reason = t('admin_cat_reason_needed');
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...texts,
      price: price.trim(),
      quantity: Number(quantity),
      rated_capacity_watts: Number(watts),
      pictures,
      certificates,
      on_sale: onSale,
      ...(priceChanged ? { reason: reason.trim() } : {}),
    };
    return send(check(), async () => {
      if (product === null) await adminRequest('POST', '/catalogue/products', formFields(body));
      else await adminRequest('PUT', `/catalogue/products/${product.id}`, formFields(body));
      onClose({ text: t('admin_cat_saved', { name: texts.names?.zhs ?? '' }), failed: false });
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="gs-admin__item">
      <fieldset className="gs-admin__form">
        <legend>{product === null ? t('admin_cat_add_product') : t('admin_cat_editing', { name: product.names.zhs })}</legend>
        <LocaleColumns
          prefix={prefix}
          fields={localisedFields.map((item) => ({ ...item, label: t(item.label) }))}
          values={texts}
          errors={errors}
          onChange={(field, locale, value) =>
            setTexts((current) => ({ ...current, [field]: { ...(current[field] ?? blankTexts()), [locale]: value } }))
          }
        />
        <Field
          id={`${prefix}-price`}
          name="price"
          label={t('admin_cat_price')}
          hint={t('admin_cat_price_hint')}
          value={price}
          onChange={setPrice}
          error={errors.price}
          maxLength={20}
          autoComplete="off"
        />
        <Field
          id={`${prefix}-quantity`}
          name="quantity"
          label={t('admin_cat_capacity')}
          hint={
            product === null
              ? t('admin_cat_capacity_hint')
              : `${t('admin_cat_capacity_hint')} ${t('admin_cat_sold', { sold: product.sold })}`
          }
          value={quantity}
          onChange={setQuantity}
          error={errors.quantity}
          maxLength={10}
          autoComplete="off"
        />
        <Field
          id={`${prefix}-watts`}
          name="rated_capacity_watts"
          label={t('admin_cat_watts')}
          value={watts}
          onChange={setWatts}
          error={errors.rated_capacity_watts}
          maxLength={13}
          autoComplete="off"
        />
        <label className="gs-admin__check">
          <input type="checkbox" checked={onSale} onChange={() => setOnSale((current) => !current)} />
          {t('admin_cat_on_sale')}
        </label>
        <fieldset className="gs-admin__checks">
          <legend>{t('admin_cat_pictures')}</legend>
          <ul>
            {pictures.map((src) => (
              <li key={src}>
                <code>{src.replace('../../../images', '')}</code>{' '}
                <button
                  type="button"
                  className="button button--small button--quiet"
                  onClick={() => setPictures((list) => list.filter((other) => other !== src))}
                >
                  {t('admin_cat_remove')}
                </button>
              </li>
            ))}
          </ul>
          <PictureUpload
            id={`${prefix}-picture`}
            label={t('admin_cat_picture_add')}
            onUploaded={(src) => setPictures((list) => [...list, src])}
          />
        </fieldset>
        <fieldset className="gs-admin__checks">
          <legend>{t('admin_cat_certificates')}</legend>
          <ul>
            {certificates.map((certificate) => (
              <li key={certificate.src}>
                {certificate.name} <code>{certificate.src.replace('../../../images', '')}</code>{' '}
                <button
                  type="button"
                  className="button button--small button--quiet"
                  onClick={() => setCertificates((list) => list.filter((other) => other !== certificate))}
                >
                  {t('admin_cat_remove')}
                </button>
              </li>
            ))}
          </ul>
          <NoteField
            id={`${prefix}-certificate-name`}
            label={t('admin_cat_certificate_name')}
            value={certificateName}
            maxLength={120}
            onChange={setCertificateName}
          />
          {certificateName.trim() !== '' && (
            <PictureUpload
              id={`${prefix}-certificate`}
              label={t('admin_cat_certificate_add')}
              onUploaded={(src) => {
                setCertificates((list) => [...list, { name: certificateName.trim(), src }]);
                setCertificateName('');
              }}
            />
          )}
        </fieldset>
        {priceChanged && (
          <Field
            id={`${prefix}-reason`}
            name="reason"
            label={t('admin_cat_reason')}
            value={reason}
            onChange={setReason}
            error={errors.reason}
            maxLength={500}
            autoComplete="off"
          />
        )}
        <FormEnd failure={failure} busy={busy} onCancel={product === null ? null : () => onClose(null)} />
      </fieldset>
    </form>
  );
}
