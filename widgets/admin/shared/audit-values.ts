import { htmlLang, locales, type Locale } from '../../../locales/index.ts';
import { auditActions, auditPointFields as pointFields, auditSubjects } from '../../../contract/audit.ts';
import type { Translate } from '../../core/i18n.ts';
import { dateTimeFormat } from '../../core/date-time.ts';
import { zoneLabel } from './time-zone-names.ts';

/**
 * The audit log keeps values as the database holds them (points in ten-thousandths, energy in
 * watt-hours, rates in hundredths of a percent). An operator reads them as the screens show them:
 * this turns one row's before and after into named fields with localised values.
 */

/** Fields holding a time zone's id, shown with its offset and its name in the operator's language. */
const zoneFields = new Set(['business_time_zone', 'business_time_zone_next']);

/** Fields holding energy in watt-hours, shown in kWh as the revenue form takes it. */
const energyFields = new Set(['wh']);

/** Fields with a translated name; any other field shows its code. */
export const auditFields = [
  'status',
  'amount',
  'revenue',
  'wh',
  'price',
  'business_date',
  'evidence',
  'reason',
  'note',
  'bank_reference',
  'payer_name',
  'paid_at',
  'interest_rate_bp',
  'operator_fee_bp',
  'business_time_zone',
  'business_time_zone_next',
  'business_time_zone_from',
  'enabled',
  'name',
  'names',
  'locations',
  'types',
  'installed_units',
  'serial',
  'withdrawal_cooldown_hours',
  'file_name',
  'lines_total',
  'lines_stored',
  'statement_line_id',
  'adjustment_id',
  'direction',
  'account_holder',
  'account_id',
  'account_number',
  'account_status',
  'alert_emails',
  'alert_email_locales',
  'alert_webhook_url',
  'added',
  'address',
  'bank_name',
  'branch',
  'cancelled_at',
  'capacity_units',
  'card_last4',
  'claimed_at',
  'claimed_by',
  'country_ids',
  'decided_by',
  'demo',
  'disabled',
  'drafts',
  'duration_ms',
  'email',
  'engine_room_id',
  'entry_id',
  'entry_ids',
  'error',
  'expires_at',
  'file_sha256',
  'height',
  'import',
  'journal_id',
  'live_version',
  'locales',
  'method',
  'notice_id',
  'notice_status',
  'open_sessions',
  'order_id',
  'order_number',
  'orders_credited',
  'origin',
  'payer_account',
  'payer_bank',
  'pending_since',
  'phone',
  'position',
  'realname',
  'recorded_by',
  'recovery_codes',
  'refund_id',
  'reject_reason',
  'remittance_account_id',
  'reset_by',
  'revenue_delta',
  'role',
  'secret_replaced',
  'serial_number',
  'src',
  'state',
  'total',
  'two_factor',
  'two_factor_required',
  'user_id',
  'username',
  'verification_status',
  'verified_name',
  'wh_delta',
  'width',
] as const;

const fieldKey = (field: string) => `audit_field_${field}`;

/** Values of these fields are words of a small set (a status, a role, a direction), each named as `audit_value_<value>`. */
const wordedFields: ReadonlySet<string> = new Set([
  'status',
  'account_status',
  'notice_status',
  'verification_status',
  'role',
  'state',
  'direction',
]);
export const auditValueWords = [
  'pending',
  'approved',
  'rejected',
  'none',
  'confirmed',
  'refunded',
  'owed',
  'paid',
  'undone',
  'posted',
  'active',
  'suspended',
  'administrator',
  'reviewer',
  'credit',
  'debit',
  'sample',
  'offered',
  'hidden',
  'retired',
] as const;
const valueWords: ReadonlySet<string> = new Set(auditValueWords);
/** Numeric statuses, named by what the entry is about: an order's as the member reads it, a withdrawal's as the queue does. */
const numericStatusKeys: Partial<Record<string, (status: string) => string>> = {
  order: (status) => `order_status_${status}`,
  withdrawal: (status) => `audit_value_withdrawal_${status}`,
};
const numericStatuses: Record<string, readonly string[]> = { order: ['0', '1', '2', '3', '4'], withdrawal: ['1', '2', '3'] };
const actionKey = (action: string) => `audit_action_${action.replace('.', '_')}`;
const subjectKey = (subject: string) => `audit_subject_${subject}`;

/** A text kept in each language (a room's names) is changed language by language: "names.zht" is one of them. */
const localisedPart = /^(\w+)\.(zhs|zht|eng)$/;

export function auditFieldName(field: string, t: Translate): string {
  const [, whole, locale] = localisedPart.exec(field) ?? [];
  if (whole !== undefined && locale !== undefined)
    return t('audit_field_in_language', { field: auditFieldName(whole, t), language: t(`language_${locale}`) });
  return (auditFields as readonly string[]).includes(field) ? t(fieldKey(field)) : field;
}

/** An action's name in the operator's language; an action an older version wrote and no longer names shows its code. */
export function auditActionName(action: string, t: Translate): string {
  return (auditActions as readonly string[]).includes(action) ? t(actionKey(action)) : action;
}

export function auditSubjectName(subject: string, t: Translate): string {
  return (auditSubjects as readonly string[]).includes(subject) ? t(subjectKey(subject)) : subject;
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isLocalised = (value: unknown): value is Record<Locale, unknown> =>
  isRecord(value) && Object.keys(value).length > 0 && Object.keys(value).every((key) => (locales as readonly string[]).includes(key));

/**
 * The fields that differ, in the order they were written; a whole value when either side is not an object. A text
 * kept in each language is compared language by language, so a changed English name shows alone, in words.
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  if (!isRecord(before) && !isRecord(after)) return before === after ? [] : [{ field: '', before, after }];
  const old = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])];
  return fields.flatMap((field) => {
    const [was, is] = [old[field], now[field]];
    if ((isLocalised(was) || was === undefined) && (isLocalised(is) || is === undefined) && (was ?? is) !== undefined)
      return locales
        .map((locale) => ({ field: `${field}.${locale}`, before: was?.[locale], after: is?.[locale] }))
        .filter((change) => change.before !== change.after);
    return JSON.stringify(was) === JSON.stringify(is) ? [] : [{ field, before: was, after: is }];
  });
}

/** "-12345" with 4 places → "-1.2345": decimal text from an integer, never through a float. */
export function shiftDecimal(integer: string, places: number): string {
  const negative = integer.startsWith('-');
  const digits = (negative ? integer.slice(1) : integer).padStart(places + 1, '0');
  const text = `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return negative ? `-${text}` : text;
}

const integerText = /^-?\d+$/;
const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function decimal(locale: Locale, text: string, places: number): string {
  const format = new Intl.NumberFormat(htmlLang[locale], { minimumFractionDigits: places, maximumFractionDigits: places });
  // Intl formats a decimal string exactly (no binary rounding); the cast is for older lib typings.
  return format.format(text as unknown as number);
}

/** One value as the operator reads it; `subject` (the entry's subject type) names a numeric status. */
export function formatAuditValue(field: string, value: unknown, locale: Locale, t: Translate, subject = ''): string {
  if (value === null || value === undefined || value === '') return t('audit_empty');
  // The alert addresses written to in one language: each address with its language's name.
  if (field === 'alert_email_locales' && isRecord(value)) {
    const entries = Object.entries(value);
    return entries.length === 0
      ? t('audit_empty')
      : entries.map(([address, locale]) => `${address}: ${t(`language_${String(locale)}`)}`).join('; ');
  }
  if (typeof value === 'boolean') return t(value ? 'audit_yes' : 'audit_no');
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text === 'string') {
    if (wordedFields.has(field) && valueWords.has(text)) return t(`audit_value_${text}`);
    const numeric = numericStatusKeys[subject];
    if (field === 'status' && numeric !== undefined && (numericStatuses[subject] ?? []).includes(text)) return t(numeric(text));
    if (zoneFields.has(field)) return zoneLabel(text, locale);
    if (pointFields.has(field) && integerText.test(text)) return decimal(locale, shiftDecimal(text, 4), 4);
    if (energyFields.has(field) && integerText.test(text)) return `${decimal(locale, shiftDecimal(text, 3), 3)} kWh`;
    if (field.endsWith('_bp') && integerText.test(text)) return `${decimal(locale, shiftDecimal(text, 2), 2)} %`;
    if (isoTime.test(text) && !Number.isNaN(Date.parse(text)))
      return dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(text));
    return text;
  }
  return JSON.stringify(value);
}
