import { dateTimeFormat } from '../../../core/date-time.ts';
import type { PartnerFailure } from '../../../../contract/api/wallet.ts';
import { useI18n } from '../../../core/i18n.ts';
import { localName } from '../../../core/local-name.ts';
import { usePagedList, type Paged } from '../../../core/paged.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { MemberLink } from '../../shared/MemberLink.tsx';
import { adminRequest } from '../../shared/operator-session.ts';
import { formatDecimal } from '../../shared/formatters.ts';
import { ScrollTable } from '../../shared/ScrollTable.tsx';

/**
 * Transfers of the last 24 hours a partner platform did not answer (issue 35): a platform that is down
 * shows here and in the tab's count, not only in the server log. The points went back at once, so
 * there is nothing to settle; the platform's operator is the one to call. Nothing shows when none failed.
 */
export function PartnerFailures() {
  const { locale, t } = useI18n();
  const list = usePagedList<PartnerFailure>('/partner-failures', (path) => adminRequest<Paged<PartnerFailure>>('GET', path));
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const rows = list.page?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="gs-partner-failures">
      <h3 id="gs-partner-failures">{t('admin_partner_failures')}</h3>
      <p>{t('admin_partner_failures_note')}</p>
      <ScrollTable id="gs-partner-failures-caption" caption={t('admin_partner_failures_caption', { total: list.page?.total ?? 0 })}>
        <thead>
          <tr>
            <th scope="col">{t('admin_partner_failures_when')}</th>
            <th scope="col">{t('admin_partner_failures_city')}</th>
            <th scope="col">{t('admin_partner_failures_member')}</th>
            <th scope="col">{t('admin_partner_failures_move')}</th>
            <th scope="col">{t('admin_partner_failures_amount')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <time dateTime={row.created_at}>{time.format(new Date(row.created_at))}</time>
              </th>
              <td>{localName(row.partner_city, locale)}</td>
              <td>
                <MemberLink id={row.member.id} username={row.member.username} />
              </td>
              <td>{t(`admin_partner_failures_${row.type}`)}</td>
              <td>{formatDecimal(row.amount, locale)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {list.page !== null && <Pager page={list.page} onGo={list.go} label={t('admin_partner_failures')} />}
    </section>
  );
}
