import { htmlLang, type Locale } from '../../locales/index.ts';
import { auditActions, auditPointFields as pointFields, auditSubjects } from '../../contract/audit.ts';
import type { Translate } from '../core/i18n.ts';
import { dateTimeFormat } from '../core/date-time.ts';

/**
 * The audit log keeps values as the database holds them (points in ten-thousandths, energy in
 * watt-hours, rates in hundredths of a percent). An operator reads them as the screens show them:
 * this turns one row's before and after into named fields with localised values.
 */

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
  'installed_units',
  'serial',
  'withdrawal_cooldown_hours',
  'file_name',
  'lines_total',
  'lines_stored',
  'statement_line_id',
  'adjustment_id',
  'direction',
] as const;

const fieldKey = (field: string) => `audit_field_${field}`;
const actionKey = (action: string) => `audit_action_${action.replace('.', '_')}`;
const subjectKey = (subject: string) => `audit_subject_${subject}`;

export const auditValueMessageKeys = [
  ...auditFields.map(fieldKey),
  ...auditActions.map(actionKey),
  ...auditSubjects.map(subjectKey),
  'audit_yes',
  'audit_no',
  'audit_empty',
];

export function auditFieldName(field: string, t: Translate): string {
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

/** The fields that differ, in the order they were written; a whole value when either side is not an object. */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  if (!isRecord(before) && !isRecord(after)) return before === after ? [] : [{ field: '', before, after }];
  const old = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])];
  return fields
    .filter((field) => JSON.stringify(old[field]) !== JSON.stringify(now[field]))
    .map((field) => ({ field, before: old[field], after: now[field] }));
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

/** One value as the operator reads it. */
export function formatAuditValue(field: string, value: unknown, locale: Locale, t: Translate): string {
  if (value === null || value === undefined || value === '') return t('audit_empty');
  if (typeof value === 'boolean') return t(value ? 'audit_yes' : 'audit_no');
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text === 'string') {
    if (pointFields.has(field) && integerText.test(text)) return decimal(locale, shiftDecimal(text, 4), 4);
    if (energyFields.has(field) && integerText.test(text)) return `${decimal(locale, shiftDecimal(text, 3), 3)} kWh`;
    if (field.endsWith('_bp') && integerText.test(text)) return `${decimal(locale, shiftDecimal(text, 2), 2)} %`;
    if (isoTime.test(text) && !Number.isNaN(Date.parse(text)))
      return dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(text));
    return text;
  }
  return JSON.stringify(value);
}
