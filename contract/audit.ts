/**
 * What the audit log records, named once for the server that writes it and the back office that
 * reads it: every action as a dotted verb, and every kind of subject an entry is about. The server
 * accepts no other (`server/audit/audit.repository.ts` is typed by these), and the back office names
 * each in three languages (`audit_action_…`, `audit_subject_…`), so a new action cannot reach the
 * log without its name.
 */
export const auditActions = [
  'order.confirm',
  'order.reject_notice',
  'order.payer_mismatch',
  'order.expire',
  'refund.pay',
  'revenue.record',
  'revenue.adjust',
  'revenue.import',
  'revenue.share_now',
  'revenue.withdraw',
  'income.distribute',
  'settings.update',
  'verification.approve',
  'verification.reject',
  'withdrawal.pay',
  'withdrawal.reject',
  'withdrawal.card_reveal',
  'member.suspend',
  'member.reinstate',
  'member.sessions_end',
  'member.password_reset',
  'member.password_reset_used',
  'receiving_account.add',
  'receiving_account.edit',
  'receiving_account.enable',
  'receiving_account.disable',
  'receiving_account.move',
  'virtual_currency.edit',
  'virtual_currency.enable',
  'virtual_currency.disable',
  'product.create',
  'product.update',
  'engine_room.create',
  'engine_room.update',
  'engine_room.capacity',
  'device.create',
  'device.retire',
  'partner_site.seed',
  'partner_site.add',
  'partner_site.edit',
  'partner_site.enable',
  'partner_site.disable',
  'partner_city.add',
  'partner_city.edit',
  'partner_city.enable',
  'partner_city.disable',
  'site.edit',
  'site.picture_upload',
  'site.publish',
  'site.publish_failed',
  'site.rollback',
  'operator.create',
  'operator.login',
  'operator.login_second_factor',
  'operator.password',
  'operator.role',
  'operator.enable',
  'operator.disable',
  'operator.settings',
  'operator.two_factor_on',
  'operator.two_factor_reset',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** What an entry is about (`subject_type`); the audit log's search offers these. */
export const auditSubjects = [
  'user',
  'order',
  'withdrawal',
  'refund',
  'income',
  'engine_room',
  'revenue_import',
  'product',
  'device',
  'receiving_account',
  'payment_method',
  'partner_site',
  'partner_city',
  'settings',
  'site_page',
  'site_picture',
  'site_version',
  'operator',
  'operator_settings',
] as const;
export type AuditSubject = (typeof auditSubjects)[number];

/**
 * Fields of an audit entry's before and after that hold points in ten-thousandths (money columns, as
 * the database keeps them): the back office and the CSV show them as decimal points.
 */
export const auditPointFields: ReadonlySet<string> = new Set([
  'amount',
  'revenue',
  'price',
  'pool',
  'order_total',
  'adjustment',
  'balance',
  'income',
  'total',
]);
