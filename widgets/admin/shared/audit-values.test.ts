import { describe, expect, it } from 'vitest';
import { createI18n } from '../../core/i18n.ts';
import eng from '../../../locales/eng.json' with { type: 'json' };
import zhs from '../../../locales/zhs.json' with { type: 'json' };
import zht from '../../../locales/zht.json' with { type: 'json' };
import { auditActions, auditSubjects } from '../../../contract/audit.ts';
import { auditActionName, auditFieldName, auditSubjectName, changedFields, formatAuditValue, shiftDecimal } from './audit-values.ts';
import { zoneLabel } from './time-zone-names.ts';

const { t } = createI18n('eng', eng);
const chinese = createI18n('zhs', zhs).t;

describe('audit values as an operator reads them', () => {
  it('shows points with their four decimals, never through a float', () => {
    expect(formatAuditValue('revenue', '300000000', 'eng', t)).toBe('30,000.0000');
    expect(formatAuditValue('amount', '-12345', 'eng', t)).toBe('-1.2345');
    // Beyond a double's exact range, still exact.
    expect(formatAuditValue('amount', '90071992547409931234', 'eng', t)).toBe('9,007,199,254,740,993.1234');
  });

  it('shows energy in kWh, rates as percent, times and yes/no in the operator language', () => {
    expect(formatAuditValue('wh', '12500', 'eng', t)).toBe('12.500 kWh');
    expect(formatAuditValue('operator_fee_bp', 1000, 'eng', t)).toBe('10.00 %');
    expect(formatAuditValue('enabled', true, 'eng', t)).toBe('Yes');
    expect(formatAuditValue('enabled', false, 'zhs', chinese)).toBe('否');
    expect(formatAuditValue('note', null, 'eng', t)).toBe('(none)');
    expect(formatAuditValue('paid_at', '2026-11-23T08:00:00.000Z', 'eng', t)).toMatch(/2026|26/);
    expect(formatAuditValue('bank_reference', 'ICBC-778', 'eng', t)).toBe('ICBC-778');
  });

  it('lists only the fields that changed, with translated names and actions; unknown ones keep their code', () => {
    expect(changedFields({ status: 'owed', amount: '10000' }, { status: 'paid', amount: '10000', bank_reference: 'R1' })).toEqual([
      { field: 'status', before: 'owed', after: 'paid' },
      { field: 'bank_reference', before: undefined, after: 'R1' },
    ]);
    expect(changedFields(null, 'x')).toEqual([{ field: '', before: null, after: 'x' }]);
    expect(auditFieldName('operator_fee_bp', t)).toBe('Operator fee');
    expect(auditFieldName('something_new', t)).toBe('something_new');
    expect(auditActionName('order.confirm', chinese)).toBe('确认付款');
    expect(auditActionName('catalogue.edit', t)).toBe('catalogue.edit');
  });

  it('names every action and subject the server can write, in each language, each name once', () => {
    for (const [locale, catalogue] of [
      ['zhs', zhs],
      ['zht', zht],
      ['eng', eng],
    ] as const) {
      const translate = createI18n(locale, catalogue).t;
      const actionNames = auditActions.map((action) => auditActionName(action, translate));
      const subjectNames = auditSubjects.map((subject) => auditSubjectName(subject, translate));
      // A name that is still its code (or its message key) has no translation.
      for (const name of [...actionNames, ...subjectNames]) expect(name, locale).not.toMatch(/^[a-z_.]+$/);
      expect(new Set(actionNames).size, `${locale} action names`).toBe(actionNames.length);
      expect(new Set(subjectNames).size, `${locale} subject names`).toBe(subjectNames.length);
    }
    expect(auditActionName('operator.create', t)).toBe('Operator added');
    expect(auditActionName('withdrawal.pay', chinese)).toBe('提现已付');
  });

  it('words statuses, roles and directions, and a numeric status by what the entry is about', () => {
    expect(formatAuditValue('account_status', 'suspended', 'zhs', chinese)).toBe(zhs.audit_value_suspended);
    expect(formatAuditValue('role', 'reviewer', 'eng', t)).toBe('Reviewer');
    expect(formatAuditValue('status', 2, 'zhs', chinese, 'order')).toBe(zhs.order_status_2);
    expect(formatAuditValue('status', 1, 'eng', t, 'withdrawal')).toBe(eng.audit_value_withdrawal_1);
    // A number on another subject, or a word outside the set, stays as written.
    expect(formatAuditValue('status', 2, 'eng', t, 'device')).toBe('2');
    expect(formatAuditValue('reason', 'pending', 'eng', t)).toBe('pending');
    expect(auditFieldName('notice_id', chinese)).toBe(zhs.audit_field_notice_id);
  });

  it('shows a text kept in each language by language, only the languages that changed, in words', () => {
    const before = { names: { zhs: '台中机房', zht: '台中機房', eng: 'Taichung C' }, capacity_units: 40 };
    const after = { names: { zhs: '台中机房', zht: '臺中機房', eng: 'Taichung C' }, capacity_units: 40 };
    expect(changedFields(before, after)).toEqual([{ field: 'names.zht', before: '台中機房', after: '臺中機房' }]);
    expect(auditFieldName('names.zht', chinese)).toBe(`${zhs.audit_field_names}（${zhs.language_zht}）`);
    expect(auditFieldName('types.eng', t)).toBe(`${eng.audit_field_types} (${eng.language_eng})`);
    // A room added: every language shown, none as code.
    expect(changedFields(null, { types: { zhs: '阵列', zht: '陣列', eng: 'Array' } }).map((change) => change.field)).toEqual([
      'types.zhs',
      'types.zht',
      'types.eng',
    ]);
  });

  it('shows a business time zone with its offset and its name in the operator’s language', () => {
    const summer = new Date('2026-07-01T00:00:00Z');
    expect(formatAuditValue('business_time_zone', 'Asia/Taipei', 'eng', t)).toMatch(/^\(UTC\+08:00\) .+ · Asia\/Taipei$/);
    expect(formatAuditValue('business_time_zone', 'Asia/Taipei', 'zhs', chinese)).toMatch(/^\(UTC\+08:00\) [^A-Za-z]+ · Asia\/Taipei$/);
    expect(zoneLabel('UTC', 'eng', summer)).toMatch(/^\(UTC(\+00:00)?\) /);
    expect(zoneLabel('Europe/London', 'eng', summer)).toMatch(/^\(UTC\+01:00\) /);
    expect(zoneLabel('Not/A_Zone', 'eng')).toBe('Not/A_Zone');
    // Named only with an English city on a Chinese screen: no half-English name.
    for (const zone of Intl.supportedValuesOf('timeZone'))
      for (const locale of ['zhs', 'zht'] as const)
        expect(zoneLabel(zone, locale).replace(zone, '').replaceAll('UTC', '')).not.toMatch(/[A-Za-z]/);
  });

  it('names the language each alert address is written to in', () => {
    expect(formatAuditValue('alert_email_locales', { 'boss@shop.example': 'eng' }, 'zhs', chinese)).toBe(
      `boss@shop.example: ${zhs.language_eng}`,
    );
    expect(formatAuditValue('alert_email_locales', {}, 'eng', t)).toBe(eng.audit_empty);
    expect(auditFieldName('alert_email_locales', t)).toBe(eng.audit_field_alert_email_locales);
  });

  it('moves the decimal point on the digits alone', () => {
    expect(shiftDecimal('5', 4)).toBe('0.0005');
    expect(shiftDecimal('-5', 2)).toBe('-0.05');
  });
});
