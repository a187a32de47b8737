import type { StatementLineJson } from '../../../../contract/api/reconciliation.ts';
import { useI18n } from '../../../core/i18n.ts';
import { MemberLink } from '../../shared/MemberLink.tsx';
import { formatDecimal } from '../../shared/formatters.ts';
import { ScrollTable } from '../../shared/ScrollTable.tsx';

interface Props {
  id: string;
  caption: string;
  lines: readonly StatementLineJson[];
  /** Matched lines the operator may choose to confirm: their ids, and what a change of choice does. */
  chosen?: ReadonlySet<number>;
  onChoose?: (lineId: number, chosen: boolean) => void;
}

/** A statement's lines as read, each with what became of it and, when paired, the notice it pairs with. */
export function StatementLineTable({ id, caption, lines, chosen, onChoose }: Props) {
  const { locale, t } = useI18n();
  const choosing = chosen !== undefined && onChoose !== undefined;
  return (
    <ScrollTable id={id} caption={caption}>
      <thead>
        <tr>
          {choosing && (
            <th scope="col">
              <span className="visually-hidden">{t('admin_stmt_account_choose')}</span>
            </th>
          )}
          <th scope="col">{t('admin_stmt_line')}</th>
          <th scope="col">{t('admin_stmt_date')}</th>
          <th scope="col">{t('admin_stmt_amount')}</th>
          <th scope="col">{t('admin_stmt_payer')}</th>
          <th scope="col">{t('admin_stmt_reference')}</th>
          <th scope="col">{t('admin_stmt_state')}</th>
          <th scope="col">{t('admin_stmt_notice')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id ?? `line-${line.line}`}>
            {choosing && (
              <td>
                {line.id !== null && line.state === 'matched' && (
                  <input
                    type="checkbox"
                    aria-label={t('admin_stmt_pick', { line: line.line })}
                    checked={chosen.has(line.id)}
                    onChange={(event) => line.id !== null && onChoose(line.id, event.currentTarget.checked)}
                  />
                )}
              </td>
            )}
            <th scope="row">{line.line}</th>
            <td>{line.booked_on ?? ''}</td>
            <td className="gs-table__number">{line.amount === null ? '' : formatDecimal(line.amount, locale)}</td>
            <td>{line.payer_name}</td>
            <td>{line.reference}</td>
            <td>
              {t(`admin_stmt_state_${line.state}`)}
              {line.problems.length > 0 && `: ${line.problems.map((problem) => t(`admin_stmt_problem_${problem}`)).join('、')}`}
            </td>
            <td>
              {line.notice !== null && (
                <>
                  {t('admin_stmt_notice_text', { number: line.notice.order_number, digits: line.notice.account_back_five })}{' '}
                  <MemberLink id={line.notice.member.id} username={line.notice.member.username} />
                </>
              )}
              {line.confirmed_order !== null && line.confirmed_order.order_number}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
